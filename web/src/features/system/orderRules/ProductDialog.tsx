import { Card, Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { productApi, type ProductRow, type ProductTerms, type SavedProduct } from '../api';
import { formToTerms, placesOf, termsToForm, type TermsForm } from './form';
import { ORDER_RULES_NS } from './locales';
import { toScaled } from './units';

export type Editing = { mode: 'create'; terms: ProductTerms } | { mode: 'edit'; row: ProductRow };

interface ProductForm {
  code: string;
  name: string;
  remark?: string;
  terms: TermsForm;
}

/** Number inputs keep one width (a full-width affix input would push the field under its label). */
const NUMBER_WIDTH = { width: 220, maxWidth: '100%' };

const TERM_CHOICES = [1, 3, 6, 9, 10, 12, 18, 24, 36];
const ENUMS = {
  scheduleMethod: ['ANNUITY', 'EQUAL_PRINCIPAL', 'FLAT', 'BULLET'],
  ratePeriod: ['MONTH', 'YEAR'],
  dayCount: ['ACT_365', '30_360'],
  repayTiming: ['IN_ARREARS', 'IN_ADVANCE'],
  feeTiming: ['UPFRONT', 'PER_INSTALMENT'],
  depositRule: ['NONE', 'ONE_INSTALMENT_PRINCIPAL'],
  penaltyBase: ['INSTALMENT_PRINCIPAL', 'INSTALMENT_PRINCIPAL_INTEREST', 'REMAINING_PRINCIPAL'],
  penaltyFrom: ['DUE_DATE', 'GRACE_END'],
  prepaymentRule: ['NEXT', 'LAST', 'REAMORTIZE'],
  earlySettlementInterest: ['CURRENT_PERIOD_FULL', 'ACCRUED_TO_DATE', 'ALL_REMAINING'],
  roundingMode: ['HALF_UP', 'HALF_EVEN'],
  remainderOn: ['FIRST', 'LAST'],
  component: ['PENALTY', 'FEE', 'INTEREST', 'PRINCIPAL'],
} as const;

/** Server messages for `terms.termOptions[i]` show under the term options select. */
const FIELD_NAMES: Record<string, string> = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`terms.termOptions[${i}]`, 'terms.termOptions']));

/** The product editor: every term, in sections. Saving an ACTIVE or RETIRED version makes a new DRAFT version. */
export function ProductDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: (saved: SavedProduct) => void }) {
  const { t } = useTranslation(ORDER_RULES_NS);
  const row = editing?.mode === 'edit' ? editing.row : null;
  const terms = editing ? (editing.mode === 'edit' ? editing.row.terms : editing.terms) : null;
  const initial: Partial<ProductForm> | undefined = terms
    ? { code: row?.code ?? '', name: row?.name ?? '', remark: row?.remark ?? '', terms: termsToForm(terms) }
    : undefined;
  const title = row ? t('product.editTitle', { version: row.productVersion }) : t('product.createTitle');

  const choice = (field: keyof typeof ENUMS & keyof TermsForm, extra?: ReactNode) => (
    <Col xs={24} md={12}>
      <Form.Item name={['terms', field]} label={t(`fields.${field}`)} extra={extra} rules={[{ required: true }]}>
        <Select options={ENUMS[field].map((v) => ({ value: v, label: t(`enums.${field}.${v}`) }))} />
      </Form.Item>
    </Col>
  );
  const decimal = (field: Parameters<typeof placesOf>[0], unit: string, help?: string) => {
    const places = placesOf(field);
    return (
      <Col xs={24} md={12}>
        <Form.Item
          name={['terms', field]}
          label={t(`fields.${field}`)}
          extra={help}
          required
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (toScaled(value, places) === null) throw new Error(t('common.number', { places }));
              },
            },
          ]}
        >
          <Input suffix={unit} inputMode="decimal" autoComplete="off" style={NUMBER_WIDTH} />
        </Form.Item>
      </Col>
    );
  };
  const days = (field: 'penaltyGraceDays' | 'advanceAfterDays' | 'surrenderAfterDays' | 'demandNoticeCureDays', max: number, help?: string) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={['terms', field]}
        label={t(`fields.${field}`)}
        extra={help}
        rules={[{ required: true, type: 'integer', min: 0, max, message: t('common.integer', { min: 0, max }) }]}
      >
        <InputNumber precision={0} min={0} max={max} suffix={t('units.days')} style={NUMBER_WIDTH} />
      </Form.Item>
    </Col>
  );
  const section = (key: string, children: ReactNode) => (
    <Card size="small" title={t(`sections.${key}`)} className="bh-product-section" data-testid={`section-${key}`}>
      <Row gutter={16}>{children}</Row>
    </Card>
  );

  return (
    <FormDialog<ProductForm>
      open={editing !== null}
      title={title}
      width={1040}
      labelWidth={170}
      initialValues={initial}
      fieldNames={FIELD_NAMES}
      onClose={onClose}
      onSubmit={async (values) => {
        const input = { code: row?.code ?? values.code, name: values.name, remark: values.remark ?? '', terms: formToTerms(values.terms) };
        onSaved(row ? await productApi.update(row.id, input) : await productApi.create(input));
      }}
    >
      <div className="bh-product-form">
        {row && row.status !== 'DRAFT' ? (
          <Typography.Paragraph type="warning" className="bh-product-hint">
            {t('product.editActiveHint', { next: row.productVersion + 1 })}
          </Typography.Paragraph>
        ) : null}
        {section(
          'basic',
          <>
            <Col xs={24} md={12}>
              <Form.Item
                name="code"
                label={t('product.code')}
                rules={[
                  { required: true, message: t('common.required', { label: t('product.code') }) },
                  { pattern: /^[A-Z][A-Z0-9_]{1,63}$/, message: t('product.codeRule') },
                ]}
              >
                <Input disabled={row !== null} placeholder="CAR_12" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('product.name')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('product.name') }) }, { max: 64 }]}>
                <Input placeholder="车险分期 12 期" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('product.remark')} rules={[{ max: 500 }]}>
                <Input />
              </Form.Item>
            </Col>
          </>,
        )}
        {section(
          'schedule',
          <>
            {choice('scheduleMethod')}
            <Col xs={24} md={12}>
              <Form.Item name={['terms', 'termOptions']} label={t('fields.termOptions')} extra={t('help.termOptions')} rules={[{ required: true, message: t('help.termOptions') }]}>
                <Select mode="multiple" options={TERM_CHOICES.map((n) => ({ value: n, label: String(n) }))} />
              </Form.Item>
            </Col>
            {choice('repayTiming')}
            {choice('dayCount')}
            {choice('roundingMode')}
            {choice('remainderOn')}
            <Col xs={24} md={12}>
              <Form.Item name={['terms', 'inAdvanceFirstPeriodInterestFree']} label={t('fields.inAdvanceFirstPeriodInterestFree')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </>,
        )}
        {section(
          'rates',
          <>
            {decimal('rateBp', t('units.percent'), t('help.rateBp'))}
            {choice('ratePeriod')}
            {decimal('feeRateBp', t('units.percent'), t('help.feeRateBp'))}
            {choice('feeTiming')}
          </>,
        )}
        {section(
          'downPayment',
          <>
            {decimal('minDownPaymentBp', t('units.percent'))}
            {choice('depositRule')}
            {decimal('maxFinancedFen', t('units.yuan'), t('help.maxFinancedFen'))}
            {decimal('minPrincipalPerInstalmentFen', t('units.yuan'))}
          </>,
        )}
        {section(
          'penalty',
          <>
            {decimal('penaltyRatePpmPerDay', t('units.percentPerDay'), t('help.penaltyRatePpmPerDay'))}
            {choice('penaltyBase')}
            {days('penaltyGraceDays', 365)}
            {choice('penaltyFrom')}
            {decimal('penaltyCapBpOfPrincipal', t('units.percent'), t('help.penaltyCapBpOfPrincipal'))}
          </>,
        )}
        {section(
          'allocation',
          <>
            <Col span={24}>
              <Form.Item label={t('fields.allocationOrder')} extra={t('help.allocationOrder')} required>
                <Row gutter={8}>
                  {[0, 1, 2, 3].map((i) => (
                    <Col key={i} xs={12} md={6}>
                      <Form.Item name={['terms', 'allocationOrder', i]} noStyle rules={[{ required: true }]}>
                        <Select
                          aria-label={t('units.step', { n: i + 1 })}
                          prefix={`${i + 1}.`}
                          options={ENUMS.component.map((v) => ({ value: v, label: t(`enums.component.${v}`) }))}
                        />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Form.Item>
            </Col>
            {choice('prepaymentRule')}
          </>,
        )}
        {section(
          'settlement',
          <>
            {choice('earlySettlementInterest')}
            {decimal('earlySettlementFeeBp', t('units.percent'), t('help.earlySettlementFeeBp'))}
          </>,
        )}
        {section(
          'surrender',
          <>
            {days('advanceAfterDays', 3650, t('help.advanceAfterDays'))}
            {days('surrenderAfterDays', 3650, t('help.surrenderAfterDays'))}
            {days('demandNoticeCureDays', 3650, t('help.demandNoticeCureDays'))}
          </>,
        )}
      </div>
    </FormDialog>
  );
}
