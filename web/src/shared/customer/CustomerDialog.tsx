import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaCascader } from '../area/AreaCascader';
import { FormDialog } from '../crud/FormDialog';
import { DictSelect } from '../dictionary/DictSelect';
import { customerApi, type CustomerInput, type CustomerRow } from './api';
import { CUSTOMER_NS } from './locales';
import { useOptions } from './options';
import { useIdentifierRules } from '../validate/rules';

export type CustomerEditing = { mode: 'create' } | { mode: 'edit'; row: CustomerRow };

interface CustomerForm {
  kind: string;
  name: string;
  idType?: string;
  idNo?: string;
  mobile?: string;
  creditCode?: string;
  /** `[provinceCode, cityCode, districtCode]` from the area cascader. */
  area?: string[];
  address?: string;
  status: string;
  kycStatus: string;
  bankName?: string;
  bankCard?: string;
  remark?: string;
}

const blank = (v: string | undefined) => (v ?? '').trim();

/** The server checks the address as three codes; their messages belong under the one cascader. */
const AREA_FIELDS = { provinceCode: 'area', cityCode: 'area', districtCode: 'area' };

/** The create/edit dialog of a customer. On edit, the personal values show masked and stay unless retyped. */
export function CustomerDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: CustomerEditing | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation(CUSTOMER_NS);
  const row = editing?.mode === 'edit' ? editing.row : undefined;
  const initial: Partial<CustomerForm> = row
    ? {
        kind: row.kind,
        name: row.name,
        ...(row.idType ? { idType: row.idType } : {}),
        ...(row.creditCode ? { creditCode: row.creditCode } : {}),
        ...(row.provinceCode && row.cityCode && row.districtCode ? { area: [row.provinceCode, row.cityCode, row.districtCode] } : {}),
        address: row.address,
        status: row.status,
        kycStatus: row.kycStatus,
        ...(row.bankName ? { bankName: row.bankName } : {}),
        remark: row.remark,
      }
    : { kind: 'INDIVIDUAL', idType: 'RESIDENT_ID', status: 'ENABLED', kycStatus: 'PENDING' };
  return (
    <FormDialog<CustomerForm>
      open={editing !== null}
      title={row ? t('editTitle') : t('createTitle')}
      width={760}
      labelWidth={132}
      initialValues={initial}
      fieldNames={AREA_FIELDS}
      onClose={onClose}
      onSubmit={async (values) => {
        const personal = (value: string | undefined): string | undefined => {
          const v = blank(value);
          return row && v === '' ? undefined : v;
        };
        const input: CustomerInput = {
          kind: values.kind,
          name: values.name.trim(),
          idType: values.idType ?? null,
          idNo: personal(values.idNo) ?? null,
          mobile: personal(values.mobile) ?? null,
          creditCode: blank(values.creditCode) || null,
          provinceCode: values.area?.[0] ?? null,
          cityCode: values.area?.[1] ?? null,
          districtCode: values.area?.[2] ?? null,
          address: blank(values.address),
          status: values.status,
          kycStatus: values.kycStatus,
          bankName: blank(values.bankName) || null,
          bankCard: personal(values.bankCard) ?? null,
          remark: blank(values.remark),
        };
        if (row) {
          await customerApi.update(row.id, input);
          onSaved(row.id);
        } else {
          const created = await customerApi.create(input);
          onSaved(created.id);
        }
      }}
    >
      <CustomerFields row={row} />
    </FormDialog>
  );
}

function CustomerFields({ row }: { row: CustomerRow | undefined }) {
  const { t } = useTranslation(CUSTOMER_NS);
  const statuses = useOptions('status');
  const kycStatuses = useOptions('kycStatus');
  const form = Form.useFormInstance();
  const enterprise = Form.useWatch('kind', form) === 'ENTERPRISE';
  const idType = Form.useWatch('idType', form) as string | undefined;
  // The server's checks, so that every field's problem shows at once (crates/service/src/customer).
  const rules = useIdentifierRules();
  const required = (label: string) => ({ required: true, whitespace: true, message: t('required', { label }) });
  const keep = (masked: string | null | undefined) => (row && masked ? t('keepHint', { masked }) : undefined);
  return (
          // One grid (docs/workspace.md, "Forms"): every label is the dialog's width; a row holds one
          // field or two halves, so labels, inputs and help texts line up down the dialog.
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="kind" label={t('kind')} rules={[{ required: true, message: t('requiredChoice', { label: t('kind') }) }]}>
                <DictSelect type="customer_kind" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="status" label={t('status')}>
                <Select options={statuses} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="name" label={enterprise ? t('enterpriseName') : t('personName')} rules={[required(enterprise ? t('enterpriseName') : t('personName'))]}>
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            {enterprise ? (
              <Col span={24}>
                <Form.Item name="creditCode" label={t('creditCode')} rules={[required(t('creditCode')), rules.creditCode]}>
                  <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={24} sm={12}>
              <Form.Item
                name="idType"
                label={t('idType')}
                dependencies={['idNo']}
                rules={[
                  ({ getFieldValue }) => ({
                    // A person always has one; an enterprise's legal representative when a number is typed.
                    required: !enterprise || blank(getFieldValue('idNo') as string | undefined) !== '',
                    message: t('requiredChoice', { label: t('idType') }),
                  }),
                ]}
              >
                <DictSelect type="id_type" allowClear={enterprise} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="idNo"
                label={enterprise ? t('legalIdNo') : t('idNo')}
                extra={keep(row?.idNo)}
                dependencies={['idType']}
                rules={[...(enterprise || row?.idNo ? [] : [required(t('idNo'))]), rules.idNo(idType)]}
              >
                <Input maxLength={32} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="mobile" label={t('mobile')} extra={keep(row?.mobile)} rules={[...(row ? [] : [required(t('mobile'))]), rules.mobile]}>
                <Input maxLength={11} autoComplete="off" inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="kycStatus" label={t('kycStatus')}>
                <Select options={kycStatuses} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="area" label={t('area')}>
                <AreaCascader placeholder={t('areaPlaceholder')} allowClear />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="address" label={t('addressDetail')}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="bankName" label={t('bankName')} dependencies={['bankCard']} rules={[rules.bankNameForCard('bankCard')]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="bankCard" label={t('bankCard')} extra={keep(row?.bankCard)} rules={[rules.bankCard, rules.bankCardLuhn]}>
                <Input maxLength={23} autoComplete="off" inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('remark')}>
                <Input.TextArea maxLength={500} rows={2} />
              </Form.Item>
            </Col>
          </Row>
  );
}
