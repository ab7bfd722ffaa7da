import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, isApiError, namePath } from '../../../shared/api/errors';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { orderRulesApi, type OrderRulesData } from '../api';
import { formToRules, rulesToForm, type RulesForm } from './form';
import { ORDER_RULES_NS } from './locales';
import { PERMISSION } from './shared';
import { PLACES, toScaled } from './units';
import '../settings/settings.css';

const QUERY_KEY = ['config', 'orderRules'];
const NARROW = { width: 200, maxWidth: '100%' };

interface Values {
  rules: RulesForm;
}

/** The order rules: deadlines, the re-quote tolerance, defaults of new products, delinquency buckets. */
export function RulesTab() {
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: orderRulesApi.rules });
  if (!query.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <RulesEditor key={query.data.version} data={query.data} />;
}

function RulesEditor({ data }: { data: OrderRulesData }) {
  const { t } = useTranslation(ORDER_RULES_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const canSave = hasPermission(PERMISSION, usePermissions());
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const days = (name: keyof RulesForm, min: number, max: number, help?: string) => (
    <Form.Item
      name={['rules', name]}
      label={t(`rules.${name}`)}
      extra={help}
      rules={[{ required: true, type: 'integer', min, max, message: t('common.integer', { min, max }) }]}
    >
      <InputNumber style={NARROW} precision={0} min={min} max={max} suffix={t('units.days')} disabled={!canSave} />
    </Form.Item>
  );
  const share = (name: 'premiumChangeToleranceBp' | 'defaultPenaltyCapBp', help?: string) => (
    <Form.Item
      name={['rules', name]}
      label={t(`rules.${name}`)}
      extra={help}
      required
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            if (toScaled(value, PLACES.percent) === null) throw new Error(t('common.number', { places: PLACES.percent }));
          },
        },
      ]}
    >
      <InputNumber<string> stringMode style={NARROW} min="0" precision={2} suffix={t('units.percent')} disabled={!canSave} />
    </Form.Item>
  );
  const threshold = (name: 'waiverSecondApprovalFen' | 'writeOffSecondApprovalFen', help: string) => (
    <Form.Item
      name={['rules', name]}
      label={t(`rules.${name}`)}
      extra={help}
      required
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            if (toScaled(value, PLACES.yuan) === null) throw new Error(t('common.number', { places: PLACES.yuan }));
          },
        },
      ]}
    >
      <InputNumber<string> stringMode style={NARROW} min="0" precision={2} suffix={t('units.yuan')} disabled={!canSave} />
    </Form.Item>
  );

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await orderRulesApi.saveRules(formToRules(values.rules), data.version);
      void message.success(t('common.saved'));
      client.setQueryData(QUERY_KEY, saved);
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.entries(fields).map(([name, text]) => ({ name: namePath(name) as never, errors: [text] })));
      // Someone else saved in between: show their values (the message says so).
      if (isApiError(error) && error.code === 409) void client.invalidateQueries({ queryKey: QUERY_KEY });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      className="bh-settings bh-rules"
      layout="horizontal"
      labelCol={{ flex: '220px' }}
      labelWrap
      wrapperCol={{ flex: 1 }}
      validateTrigger="onBlur"
      initialValues={{ rules: rulesToForm(data.rules) }}
      onFinish={(values) => void save(values)}
    >
      <Card title={t('rules.deadlines')} size="small">
        {days('signingDeadlineDays', 1, 90, t('rules.signingHelp'))}
        {days('downPaymentDeadlineDays', 1, 90, t('rules.downPaymentHelp'))}
      </Card>
      <Card title={t('rules.requote')} size="small">
        {share('premiumChangeToleranceBp', t('rules.toleranceHelp'))}
      </Card>
      <Card title={t('rules.defaults')} size="small" extra={<Typography.Text type="secondary">{t('rules.defaultsHint')}</Typography.Text>}>
        {days('defaultAdvanceDays', 0, 3650, t('help.advanceAfterDays'))}
        {share('defaultPenaltyCapBp', t('help.penaltyCapBpOfPrincipal'))}
        {days('defaultDemandNoticeCureDays', 0, 3650, t('help.demandNoticeCureDays'))}
      </Card>
      <Card title={t('rules.waivers')} size="small">
        {threshold('waiverSecondApprovalFen', t('rules.waiverHelp'))}
        {threshold('writeOffSecondApprovalFen', t('rules.writeOffHelp'))}
      </Card>
      <Card title={t('rules.buckets')} size="small">
        <Typography.Paragraph type="secondary">{t('rules.bucketsHint')}</Typography.Paragraph>
        <Form.List name={['rules', 'delinquencyBuckets']}>
          {(fields, { add, remove }) => (
            <div className="bh-rules-buckets" data-testid="buckets">
              {fields.map((field, index) => (
                <div key={field.key} className="bh-rules-bucket-row">
                  <Form.Item name={[field.name, 'classification']} rules={[{ required: true, whitespace: true, max: 16, message: t('common.required', { label: t('rules.classification') }) }]}>
                    <Input placeholder={t('rules.classification')} aria-label={t('rules.classification')} style={{ width: 140 }} disabled={!canSave} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'minDays']} rules={[{ required: true, type: 'integer', min: 0, max: 3650, message: t('common.integer', { min: 0, max: 3650 }) }]}>
                    <InputNumber precision={0} min={0} prefix={t('rules.minDays')} suffix={t('units.days')} aria-label={t('rules.minDays')} style={{ width: 200 }} disabled={!canSave} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'maxDays']}>
                    <InputNumber
                      precision={0}
                      min={0}
                      prefix={t('rules.maxDays')}
                      suffix={t('units.days')}
                      placeholder={t('rules.open')}
                      aria-label={t('rules.maxDays')}
                      style={{ width: 200 }}
                      disabled={!canSave}
                    />
                  </Form.Item>
                  {canSave && fields.length > 1 ? (
                    <Button type="text" icon={<DeleteOutlined />} aria-label={t('rules.remove')} onClick={() => remove(index)} />
                  ) : null}
                </div>
              ))}
              {canSave ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ classification: '', minDays: null, maxDays: null })}>
                  {t('rules.addBucket')}
                </Button>
              ) : null}
            </div>
          )}
        </Form.List>
      </Card>
      {canSave ? (
        <div className="bh-settings__actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('rules.save')}
          </Button>
          <Typography.Text type="secondary" className="bh-rules-version">
            {t('rules.version', { version: data.version })}
          </Typography.Text>
        </div>
      ) : null}
    </Form>
  );
}
