import { useQuery } from '@tanstack/react-query';
import { Alert, App, Descriptions, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatBp, formatYuan } from '../../shared/format/money';
import { insureApi, type OrderView } from './api';
import { YuanInput } from './Dialogs';
import { BUSINESS_NS } from './locales';
import { requiredFen, yuanRule } from './logic';
import { beyondTolerance, changeBp, formatChangeBp, insureBody, insureInitial, insureTotals, type InsureRowForm } from './part2Logic';
import { useRefusal } from './useRefusal';

/**
 * 投保确认 (T13 / T14): for every policy of the order the insurer's proposal number, the final
 * premium and the special agreement. The change against the quote shows as typed, with the
 * tolerance of 订单规则; beyond it the order goes back to 进件审核 (the server decides and says so).
 */
export function InsureDialog({ view, onClose, onDone }: { view: OrderView; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message, modal } = App.useApp();
  const [alert, guard] = useRefusal();
  const tolerance = useQuery({ queryKey: ['business', 'insure-tolerance'], queryFn: insureApi.tolerance, staleTime: 60_000 });
  const toleranceBp = tolerance.data?.toleranceBp ?? null;
  const order = view.order;
  // The server names a row's fields `policies[i].finalPremiumFen`; the form holds yuan in `finalPremium`.
  const fieldNames = Object.fromEntries(view.policies.map((_, i) => [`policies[${i}].finalPremiumFen`, `policies[${i}].finalPremium`]));

  return (
    <FormDialog<{ policies: InsureRowForm[] }>
      open
      title={t('insure.title', { orderNo: order.orderNo })}
      width={860}
      labelWidth={140}
      okText={t('insure.submit')}
      initialValues={insureInitial(view.policies)}
      fieldNames={fieldNames}
      onClose={onClose}
      onSubmit={async (values) => {
        const answer = await guard(() => insureApi.confirm(order.id, insureBody(view, values.policies)));
        // The server's changeBp is unsigned: ceil(|Σ final − Σ quoted| × 10000 / Σ quoted).
        const change = formatBp(answer.changeBp);
        const tolerance = formatBp(answer.toleranceBp);
        if (answer.outcome === 'CONFIRMED') {
          void message.success(t('insure.confirmed', { change }));
        } else {
          modal.warning({
            title: t('insure.requotedTitle'),
            // Within the tolerance, the re-quote comes from the product's least down payment.
            content: t(answer.changeBp > answer.toleranceBp ? 'insure.requoted' : 'insure.requotedDownPayment', { change, tolerance }),
          });
        }
        onDone();
      }}
    >
      {(form) => (
        <>
          {alert}
          <Form.List name="policies">
            {(fields) =>
              fields.map((field) => {
                const policy = view.policies[field.name];
                if (!policy) return null;
                return (
                  <div key={field.key} className="bh-insure-row" data-testid="insure-row">
                    <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="bh-insure-row__head">
                      <Descriptions.Item label={t('policyKindLabel')}>
                        <span className="bh-insure-row__kind">
                          {t(`policyKind.${policy.kind}`, { defaultValue: policy.kind })}
                          {policy.financed ? <Typography.Text type="secondary"> · {t('insure.financed')}</Typography.Text> : null}
                        </span>
                      </Descriptions.Item>
                      <Descriptions.Item label={t('insurer')}>{policy.insurerName || '—'}</Descriptions.Item>
                      <Descriptions.Item label={t('insure.quoted')}>
                        <span className="bh-num">{formatYuan(policy.premiumFen)}</span>
                      </Descriptions.Item>
                    </Descriptions>
                    <Form.Item
                      name={[field.name, 'proposalNo']}
                      label={t('insure.proposalNo')}
                      rules={[{ required: true, whitespace: true, message: t('insure.proposalNoRequired') }, { max: 64 }]}
                    >
                      <Input maxLength={64} />
                    </Form.Item>
                    <Form.Item label={t('insure.finalPremium')} required>
                      <div className="bh-insure-row__premium">
                        <Form.Item name={[field.name, 'finalPremium']} noStyle rules={[yuanRule(t('amountInvalid'), true)]}>
                          <YuanInput testId={`final-premium-${field.name}`} width={200} />
                        </Form.Item>
                        <Form.Item noStyle shouldUpdate>
                          {() => <RowChange quotedFen={policy.premiumFen} text={form.getFieldValue(['policies', field.name, 'finalPremium']) as string | undefined} />}
                        </Form.Item>
                      </div>
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'specialAgreement']}
                      label={t('insure.specialAgreement')}
                      rules={[{ required: policy.financed, whitespace: true, message: t('insure.specialAgreementRequired') }, { max: 2000 }]}
                    >
                      <Input.TextArea rows={2} maxLength={2000} showCount />
                    </Form.Item>
                  </div>
                );
              })
            }
          </Form.List>
          <Form.Item noStyle shouldUpdate>
            {() => <Summary view={view} rows={form.getFieldValue('policies') as InsureRowForm[] | undefined} toleranceBp={toleranceBp} />}
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** The change of one row against its quote, for reading (the tolerance applies to the totals only). */
function RowChange({ quotedFen, text }: { quotedFen: number; text: string | undefined }) {
  const { t } = useTranslation(BUSINESS_NS);
  const fen = requiredFen(text);
  const bp = fen === null ? null : changeBp(quotedFen, fen);
  if (bp === null) return null;
  return (
    <Typography.Text type="secondary" data-testid="row-change">
      {t('insure.change', { change: formatChangeBp(bp) })}
    </Typography.Text>
  );
}

/** The totals, the tolerance (on the totals, as the server decides) and the warning when the change is beyond it. */
function Summary({ view, rows, toleranceBp }: { view: OrderView; rows: InsureRowForm[] | undefined; toleranceBp: number | null }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { quotedFen, finalFen } = insureTotals(view.policies, rows);
  const bp = finalFen === null ? null : changeBp(quotedFen, finalFen);
  const beyond = finalFen !== null && toleranceBp !== null && beyondTolerance(quotedFen, finalFen, toleranceBp);
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="bh-insure-summary" data-testid="insure-summary">
        <Descriptions.Item label={t('insure.quotedTotal')}>
          <span className="bh-num">{formatYuan(quotedFen)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('insure.finalTotal')}>
          <span className="bh-num">{finalFen === null ? '—' : formatYuan(finalFen)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('insure.changeLabel')}>{bp === null ? '—' : formatChangeBp(bp)}</Descriptions.Item>
        <Descriptions.Item label={t('insure.tolerance')}>
          {toleranceBp === null ? '—' : `±${formatBp(toleranceBp)}`}{' '}
          <Typography.Text type="secondary">{t('insure.totalBasis')}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {beyond ? <Alert type="warning" showIcon title={t('insure.beyond')} className="bh-insure-warning" data-testid="insure-beyond" /> : null}
    </>
  );
}
