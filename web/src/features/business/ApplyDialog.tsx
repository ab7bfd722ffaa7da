import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/auth/Can';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { FormDialog } from '../../shared/crud/FormDialog';
import { customerApi } from '../../shared/customer/api';
import { CustomerDialog } from '../../shared/customer/CustomerDialog';
import { VehicleDialog } from '../../shared/customer/VehicleDialog';
import { orderApi } from './api';
import { YuanInput } from './Dialogs';
import { BUSINESS_NS } from './locales';
import { applyBody, yuanRule, type ApplyForm } from './logic';
import { useProducts } from './lookups';

/** 新增申请 (T1): customer (search or create), one of their vehicles (or a new one), an ACTIVE product, term, premium. */
export function ApplyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number, orderNo: string) => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <FormDialog<ApplyForm>
      open={open}
      title={t('applyTitle')}
      width={720}
      labelWidth={120}
      onClose={onClose}
      fieldNames={{ requestedPremiumFen: 'premium', requestedFinancedFen: 'financed' }}
      onSubmit={async (values) => {
        const created = await orderApi.apply(applyBody(values));
        onCreated(created.id, created.orderNo);
      }}
    >
      <ApplyFields />
    </FormDialog>
  );
}

function ApplyFields() {
  const { t } = useTranslation(BUSINESS_NS);
  const form = Form.useFormInstance<ApplyForm>();
  const client = useQueryClient();
  const customerId = Form.useWatch('customerId', form);
  const productId = Form.useWatch('productId', form);
  const [keyword, setKeyword] = useState('');
  const [creatingCustomer, setCreatingCustomer] = useState(false);
  const [creatingVehicle, setCreatingVehicle] = useState(false);
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);

  const customers = useQuery({
    queryKey: ['business', 'customer-search', keyword],
    queryFn: () => customerApi.page({ page: 1, size: 20, ...(keyword.trim() ? { name: keyword.trim() } : {}) }),
    staleTime: 10_000,
  });
  const customer = useQuery({
    queryKey: ['business', 'customer', customerId],
    queryFn: () => customerApi.view(customerId),
    enabled: typeof customerId === 'number',
  });
  const products = useProducts();
  const product = products.find((p) => p.id === productId);
  const vehicles = customer.data?.vehicles ?? [];

  const customerOptions = (customers.data?.records ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.mobile ?? c.customerNo}）` }));
  if (picked && !customerOptions.some((o) => o.value === picked.value)) customerOptions.unshift(picked);

  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item label={t('customer')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="customerId" noStyle rules={[{ required: true, message: t('customerRequired') }]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder={t('customerSearch')}
                options={customerOptions}
                loading={customers.isFetching}
                data-testid="apply-customer"
                onChange={() => form.setFieldValue('vehicleId', undefined)}
              />
            </Form.Item>
            <Can perm={PERMISSIONS.CUSTOMER_CREATE}>
              <Button icon={<PlusOutlined />} onClick={() => setCreatingCustomer(true)}>
                {t('newCustomer')}
              </Button>
            </Can>
          </Space.Compact>
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label={t('vehicle')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="vehicleId" noStyle rules={[{ required: true, message: t('vehicleRequired') }]}>
              <Select
                placeholder={customerId ? (vehicles.length === 0 && !customer.isFetching ? t('noVehicle') : t('vehiclePick')) : t('customerFirst')}
                disabled={!customerId}
                data-testid="apply-vehicle"
                options={vehicles.map((v) => ({ value: v.id, label: `${v.plateNo} · ${v.brandModel || v.vin}` }))}
              />
            </Form.Item>
            <Can perm={PERMISSIONS.CUSTOMER_VEHICLE}>
              <Button icon={<PlusOutlined />} disabled={!customerId} onClick={() => setCreatingVehicle(true)}>
                {t('newVehicle')}
              </Button>
            </Can>
          </Space.Compact>
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="productId" label={t('product')} rules={[{ required: true, message: t('productRequired') }]}>
          <Select
            data-testid="apply-product"
            options={products.map((p) => ({ value: p.id, label: `${p.name}（${p.code} V${p.productVersion}）` }))}
            onChange={() => form.setFieldValue('termN', undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="termN" label={t('term')} rules={[{ required: true, message: t('termRequired') }]}>
          <Select
            data-testid="apply-term"
            disabled={!product}
            options={(product?.terms.termOptions ?? []).map((n) => ({ value: n, label: t('terms', { n }) }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="premium" label={t('requestedPremium')} rules={[{ required: true, message: t('premiumRequired') }, yuanRule(t('amountInvalid'), true)]}>
          <YuanInput testId="apply-premium" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="financed" label={t('requestedFinanced')} extra={t('requestedFinancedHint')} rules={[yuanRule(t('amountInvalid'), false)]}>
          <YuanInput testId="apply-financed" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="channel" label={t('channel')}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Col>
      <CustomerDialog
        editing={creatingCustomer ? { mode: 'create' } : null}
        onClose={() => setCreatingCustomer(false)}
        onSaved={(id) => {
          void client.invalidateQueries({ queryKey: ['business', 'customer-search'] });
          void customerApi.view(id).then((view) => {
            setPicked({ value: id, label: `${view.customer.name}（${view.customer.mobile ?? view.customer.customerNo}）` });
            form.setFieldsValue({ customerId: id, vehicleId: undefined as unknown as number });
          });
        }}
      />
      {customerId ? (
        <VehicleDialog
          customer={{ id: customerId }}
          editing={creatingVehicle ? { mode: 'create' } : null}
          onClose={() => setCreatingVehicle(false)}
          onSaved={(id) => {
            void customer.refetch().then(() => form.setFieldValue('vehicleId', id));
          }}
        />
      ) : null}
    </Row>
  );
}
