import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, DatePicker, Descriptions, Drawer, Empty, Form, Input, Row, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, namePath } from '../../shared/api/errors';
import { customerApi } from '../../shared/customer/api';
import { formatYuan } from '../../shared/format/money';
import { ScheduleView } from '../../shared/schedule/ScheduleView';
import { orderApi, type OrderView } from './api';
import { YuanInput } from './Dialogs';
import { BUSINESS_NS } from './locales';
import { intakeBody, intakeField, intakeInitial, POLICY_KINDS, premiumTotal, yuanRule, type IntakeForm } from './logic';
import { insurerOptions, useInsurers, useProducts } from './lookups';
import { OrderFiles } from './OrderFiles';
import { ReturnNotice } from './ReturnNotice';

/**
 * 进件: the intake form of an order (INTAKE or RETURNED) in a drawer. Saving computes the amounts
 * on the server; the drawer then shows them with the schedule (annualised rate) from the order
 * view. 提交审核 / 重新提交 saves first, then submits.
 */
export function IntakeDrawer({ view, onClose, onChanged }: { view: OrderView; onClose: () => void; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<IntakeForm>();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [initial] = useState(() => intakeInitial(view, (d) => dayjs(d), dayjs()));
  const order = view.order;
  const products = useProducts();
  const insurers = useInsurers();
  const productId = Form.useWatch('productId', form);
  const policies = Form.useWatch('policies', form);
  const product = products.find((p) => p.id === productId);
  const vehicles = useQuery({ queryKey: ['business', 'customer', order.customerId], queryFn: () => customerApi.view(order.customerId) });
  const total = premiumTotal(policies);
  const resubmit = order.status === 'RETURNED';

  const save = async (): Promise<boolean> => {
    let values: IntakeForm;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    try {
      await orderApi.saveIntake(order.id, intakeBody(values, view.order.version));
      await onChanged();
      return true;
    } catch (error) {
      const fields = fieldErrors(error);
      const names = Object.keys(fields);
      if (names.length > 0) form.setFields(names.map((name) => ({ name: namePath(intakeField(name)) as never, errors: [fields[name] ?? ''] })));
      return false;
    }
  };

  const run = async (kind: 'save' | 'submit') => {
    setBusy(kind);
    try {
      if (!(await save())) return;
      if (kind === 'save') {
        void message.success(t('intakeSaved'));
        return;
      }
      await orderApi.submit(order.id);
      void message.success(t('submitted'));
      await onChanged();
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open
      size={1040}
      title={t('intakeTitle', { orderNo: order.orderNo })}
      onClose={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void run('save')} data-testid="intake-save">
            {t('save')}
          </Button>
          <Button type="primary" loading={busy === 'submit'} disabled={busy !== null} onClick={() => void run('submit')} data-testid="intake-submit">
            {resubmit ? t('action.resubmit') : t('action.submit')}
          </Button>
        </Space>
      }
    >
      {resubmit ? <ReturnNotice view={view} /> : null}
      <Form<IntakeForm> form={form} layout="horizontal" labelCol={{ flex: '110px' }} labelWrap wrapperCol={{ flex: 1 }} initialValues={initial} className="bh-order-intake">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="vehicleId" label={t('vehicle')} rules={[{ required: true, message: t('vehicleRequired') }]}>
              <Select
                data-testid="intake-vehicle"
                loading={vehicles.isLoading}
                options={(vehicles.data?.vehicles ?? [{ id: order.vehicleId, plateNo: order.plateNo, vin: order.vin, brandModel: '' }]).map((v) => ({
                  value: v.id,
                  label: `${v.plateNo} · ${v.brandModel || v.vin}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="anchorDate" label={t('anchorDate')} rules={[{ required: true, message: t('anchorDateRequired') }]}>
              <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="intake-anchor" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="productId" label={t('product')} rules={[{ required: true, message: t('productRequired') }]}>
              <Select
                data-testid="intake-product"
                options={
                  products.some((p) => p.id === order.productId)
                    ? products.map((p) => ({ value: p.id, label: `${p.name} V${p.productVersion}` }))
                    : [{ value: order.productId, label: `${order.productName} V${order.productVersion}` }, ...products.map((p) => ({ value: p.id, label: `${p.name} V${p.productVersion}` }))]
                }
                onChange={() => form.setFieldValue('termN', undefined)}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="termN" label={t('term')} rules={[{ required: true, message: t('termRequired') }]}>
              <Select
                data-testid="intake-term"
                options={(product?.terms.termOptions ?? [order.termN]).map((n) => ({ value: n, label: t('terms', { n }) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('section.policies')}</Typography.Title>
        <Form.List name="policies">
          {(fields, { add, remove }) => (
            <div className="bh-order-policies">
              {fields.map((field, index) => (
                <div key={field.key} className="bh-order-policy-row" data-testid={`policy-${index}`}>
                  <Form.Item name={[field.name, 'kind']} rules={[{ required: true, message: t('policyKindRequired') }]} style={{ width: 150 }}>
                    <Select options={POLICY_KINDS.map((kind) => ({ value: kind, label: t(`policyKind.${kind}`) }))} placeholder={t('policyKindLabel')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'insurerId']} rules={[{ required: true, message: t('insurerRequired') }]} style={{ flex: 1 }}>
                    <Select showSearch={{ optionFilterProp: 'label' }} options={insurerOptions(insurers)} placeholder={t('insurer')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'premium']} rules={[{ required: true, message: t('premiumRequired') }, yuanRule(t('amountInvalid'), true)]} style={{ width: 200 }}>
                    <YuanInput placeholder={t('premium')} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('policyRemove')} disabled={fields.length <= 1} onClick={() => remove(field.name)} />
                </div>
              ))}
              <Space size={24}>
                <Button icon={<PlusOutlined />} onClick={() => add({ kind: fields.length === 0 ? 'COMMERCIAL' : 'COMPULSORY' })} disabled={fields.length >= 6}>
                  {t('policyAdd')}
                </Button>
                <span>
                  {t('premiumTotal')}: <strong className="bh-num">{total === null ? '—' : formatYuan(total)}</strong>
                </span>
              </Space>
            </div>
          )}
        </Form.List>
        <Row gutter={16} className="bh-order-drawer__section">
          <Col span={12}>
            <Form.Item name="financed" label={t('financed')} rules={[{ required: true, message: t('financedRequired') }, yuanRule(t('amountInvalid'), true)]}>
              <YuanInput testId="intake-financed" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="channel" label={t('channel')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Title level={5}>{t('section.computed')}</Typography.Title>
      {view.anchorDate ? <Amounts view={view} /> : <Alert type="info" showIcon title={t('computedHint')} />}
      {view.schedule ? (
        <div className="bh-order-drawer__section">
          <ScheduleView data={view.schedule} testId="intake-schedule" height={320} />
        </div>
      ) : null}
      <div className="bh-order-drawer__section">
        <OrderFiles orderId={order.id} editable id="intake-files" />
      </div>
    </Drawer>
  );
}

/** The amounts the server computed (total premium, down payment, financed, fee, deposit, due at down payment). */
export function Amounts({ view }: { view: OrderView }) {
  const { t } = useTranslation(BUSINESS_NS);
  const o = view.order;
  const m = (fen: number | null | undefined) => (fen === null || fen === undefined ? '—' : <span className="bh-num">{formatYuan(fen)}</span>);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} data-testid="amounts">
      <Descriptions.Item label={t('totalPremium')}>{m(o.totalPremiumFen)}</Descriptions.Item>
      <Descriptions.Item label={t('downPayment')}>{m(o.downPaymentFen)}</Descriptions.Item>
      <Descriptions.Item label={t('financed')}>{m(o.financedFen)}</Descriptions.Item>
      <Descriptions.Item label={t('upfrontFee')}>{m(view.upfrontFeeFen)}</Descriptions.Item>
      <Descriptions.Item label={t('deposit')}>{m(view.depositFen)}</Descriptions.Item>
      <Descriptions.Item label={t('dueAtDownPayment')}>
        <strong>{m(view.dueAtDownPaymentFen)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('firstInstalment')}>{m(view.firstInstalmentFen || view.schedule?.lines[0]?.totalFen)}</Descriptions.Item>
      <Descriptions.Item label={t('approvedFinanced')}>{m(o.approvedFinancedFen)}</Descriptions.Item>
      <Descriptions.Item label={t('anchorDate')}>{view.anchorDate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('firstDueDate')}>{view.firstDueDate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('product')}>
        {o.productName} V{o.productVersion}
      </Descriptions.Item>
      <Descriptions.Item label={t('term')}>{t('terms', { n: o.termN })}</Descriptions.Item>
    </Descriptions>
  );
}

export function NoSchedule() {
  const { t } = useTranslation(BUSINESS_NS);
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSchedule')} />;
}
