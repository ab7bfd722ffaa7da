import { Checkbox, Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../crud/FormDialog';
import { DictSelect } from '../dictionary/DictSelect';
import { vehicleApi, type VehicleInput, type VehicleRow } from './api';
import { CUSTOMER_NS } from './locales';
import { useIdentifierRules } from '../validate/rules';

interface VehicleForm {
  plateNo: string;
  vin: string;
  engineNo?: string;
  brandModel?: string;
  usage: string;
  seats?: number;
  registerDate?: Dayjs;
  ownerIsCustomer: boolean;
  ownerName?: string;
}

export type VehicleEditing = { mode: 'create' } | { mode: 'edit'; row: VehicleRow };

/** The add/edit dialog of a customer's vehicle (the customer page; the order application adds one inline). */
export function VehicleDialog({
  customer,
  editing,
  onClose,
  onSaved,
}: {
  customer: { id: number };
  editing: VehicleEditing | null;
  onClose: () => void;
  /** The saved vehicle's id. */
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation(CUSTOMER_NS);
  const row = editing?.mode === 'edit' ? editing.row : undefined;
  const initial: Partial<VehicleForm> = row
    ? {
        plateNo: row.plateNo,
        vin: row.vin,
        engineNo: row.engineNo,
        brandModel: row.brandModel,
        usage: row.usage,
        ...(row.seats ? { seats: row.seats } : {}),
        ...(row.registerDate ? { registerDate: dayjs(row.registerDate) } : {}),
        ownerIsCustomer: row.ownerIsCustomer,
        ownerName: row.ownerName,
      }
    : { usage: 'PRIVATE', ownerIsCustomer: true, seats: 5 };
  return (
    <FormDialog<VehicleForm>
      open={editing !== null}
      title={row ? t('vehicle.editTitle') : t('vehicle.addTitle')}
      width={640}
      labelWidth={120}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input: VehicleInput = {
          plateNo: values.plateNo.trim(),
          vin: values.vin.trim(),
          engineNo: (values.engineNo ?? '').trim(),
          brandModel: (values.brandModel ?? '').trim(),
          usage: values.usage,
          seats: values.seats ?? null,
          registerDate: values.registerDate ? values.registerDate.format('YYYY-MM-DD') : null,
          ownerIsCustomer: values.ownerIsCustomer,
          ownerName: values.ownerIsCustomer ? null : (values.ownerName ?? '').trim(),
        };
        if (row) {
          await vehicleApi.update(row.id, input);
          onSaved(row.id);
        } else {
          const created = await vehicleApi.create({ customerId: customer.id, ...input });
          onSaved(created.id);
        }
      }}
    >
      <VehicleFields />
    </FormDialog>
  );
}

function VehicleFields() {
  const { t } = useTranslation(CUSTOMER_NS);
  const ownerIsCustomer = Form.useWatch('ownerIsCustomer', Form.useFormInstance()) !== false;
  // The server's checks (crates/domain/src/customer.rs): plate form, VIN letters and check digit.
  const rules = useIdentifierRules();
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item name="plateNo" label={t('vehicle.plateNo')} extra={t('rules.plateNo')} rules={[{ required: true, whitespace: true, message: t('required', { label: t('vehicle.plateNo') }) }, rules.plate]}>
          <Input maxLength={8} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="vin" label={t('vehicle.vin')} extra={t('rules.vin')} rules={[{ required: true, whitespace: true, message: t('required', { label: t('vehicle.vin') }) }, rules.vin]}>
          <Input maxLength={17} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="brandModel" label={t('vehicle.brandModel')}>
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="engineNo" label={t('vehicle.engineNo')}>
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="usage" label={t('vehicle.usage')} rules={[{ required: true }]}>
          <DictSelect type="vehicle_usage" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="seats" label={t('vehicle.seats')}>
          <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="registerDate" label={t('vehicle.registerDate')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="ownerIsCustomer" label={t('vehicle.owner')} valuePropName="checked">
          <Checkbox>{t('vehicle.ownerIsCustomer')}</Checkbox>
        </Form.Item>
      </Col>
      {ownerIsCustomer ? null : (
        <Col span={24}>
          <Form.Item name="ownerName" label={t('vehicle.ownerName')} rules={[{ required: true, whitespace: true, message: t('required', { label: t('vehicle.ownerName') }) }]}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

