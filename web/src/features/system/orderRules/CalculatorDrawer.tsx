import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Drawer, Form, InputNumber, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleView } from '../../../shared/schedule/ScheduleView';
import { productApi, type ProductRow, type ScheduleInput } from '../api';
import { ORDER_RULES_NS } from './locales';
import { PLACES, fromScaled, toScaled } from './units';

interface CalcForm {
  principal: string;
  term: number;
  anchorDate: Dayjs;
}

/** The first input: ¥10 000.00 (or the product's limit), 12 instalments if offered, from today. */
function initialInput(product: ProductRow): CalcForm {
  const terms = product.terms;
  const term = terms.termOptions.includes(12) ? 12 : (terms.termOptions[0] ?? 12);
  const min = terms.minPrincipalPerInstalmentFen * term;
  const principal = Math.min(Math.max(1_000_000, min), terms.maxFinancedFen);
  return { principal: fromScaled(principal, PLACES.yuan), term, anchorDate: dayjs() };
}

const toInput = (product: ProductRow, form: CalcForm): ScheduleInput => ({
  productId: product.id,
  principalFen: toScaled(form.principal, PLACES.yuan) ?? -1,
  term: form.term,
  anchorDate: form.anchorDate.format('YYYY-MM-DD'),
});

/** The schedule calculator of a product version: the server computes, the drawer shows. */
export function CalculatorDrawer({ product, onClose }: { product: ProductRow | null; onClose: () => void }) {
  const { t } = useTranslation(ORDER_RULES_NS);
  return (
    <Drawer open={product !== null} onClose={onClose} size={980} destroyOnHidden title={product ? t('calc.title', { name: product.name, version: product.productVersion }) : ''}>
      {product ? <Calculator product={product} /> : null}
    </Drawer>
  );
}

function Calculator({ product }: { product: ProductRow }) {
  const { t } = useTranslation(ORDER_RULES_NS);
  const [form] = Form.useForm<CalcForm>();
  const [input, setInput] = useState<ScheduleInput>(() => toInput(product, initialInput(product)));
  const plan = useQuery({ queryKey: ['system', 'product', 'schedule', input], queryFn: () => productApi.schedule(input), retry: false });
  const data = plan.data;

  return (
    <div className="bh-calculator">
      <Form<CalcForm>
        form={form}
        layout="inline"
        initialValues={initialInput(product)}
        onFinish={(values) => {
          // The same input again recomputes (the query key would not change, so nothing would happen).
          const next = toInput(product, values);
          if (JSON.stringify(next) === JSON.stringify(input)) void plan.refetch();
          else setInput(next);
        }}
        className="bh-calculator__form"
      >
        <Form.Item
          name="principal"
          label={t('calc.principal')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (toScaled(value, PLACES.yuan) === null) throw new Error(t('common.number', { places: PLACES.yuan }));
              },
            },
          ]}
        >
          <InputNumber<string> stringMode min="0" precision={2} suffix={t('units.yuan')} style={{ width: 200 }} data-testid="calc-principal" />
        </Form.Item>
        <Form.Item name="term" label={t('calc.term')}>
          <Select style={{ width: 100 }} options={product.terms.termOptions.map((n) => ({ value: n, label: String(n) }))} data-testid="calc-term" />
        </Form.Item>
        <Form.Item name="anchorDate" label={t('calc.anchorDate')}>
          <DatePicker allowClear={false} data-testid="calc-anchor" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={plan.isFetching}>
            {t('calc.run')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" className="bh-calculator__hint">
        {t('calc.hint')}
      </Typography.Paragraph>
      {plan.isError ? <Alert type="error" showIcon title={plan.error instanceof Error ? plan.error.message : String(plan.error)} /> : null}
      {data ? <ScheduleView data={data} /> : null}
    </div>
  );
}
