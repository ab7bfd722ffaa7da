import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Card, Col, Descriptions, Empty, Form, Image, Input, Row, Skeleton, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../shared/api/errors';
import { API_BASE, apiHeaders, type Envelope } from '../../../shared/api/request';
import { useBlobUrl } from '../../../shared/api/useBlobUrl';
import { formatDateTime } from '../../../shared/format/datetime';
import { SEAL_UPLOAD, capitalApi, sealPath, type EsignAccount, type EsignInput } from '../api';
import { CAPITAL_NS } from '../locales';
import { useIdentifierRules } from '../../../shared/validate/rules';

const KEY = ['capital.esign'];
const STATUS_COLORS: Record<string, string> = { UNSUBMITTED: 'default', PENDING: 'processing', VERIFIED: 'green' };

/** 资金方电子签章账户 (capital:order:table): the provider's e-signature organisation and seal. */
export function SignatureInfoPage() {
  const { t } = useTranslation(CAPITAL_NS);
  const query = useQuery({ queryKey: KEY, queryFn: () => capitalApi.esign() });
  const e = query.data;
  if (!e) return <Skeleton active />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('esign.hint')} />
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <FieldsCard esign={e} />
        </Col>
        <Col xs={24} xl={10}>
          <SealCard esign={e} />
        </Col>
      </Row>
    </Space>
  );
}

function FieldsCard({ esign }: { esign: EsignAccount }) {
  const { t } = useTranslation(CAPITAL_NS);
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<EsignInput>();
  const [saving, setSaving] = useState(false);
  const rules = useIdentifierRules();
  const locked = esign.status === 'PENDING';
  const time = (ms: number | null) => formatDateTime(ms);
  const required = (label: string) => ({ required: true, whitespace: true, message: t('esign.required', { label }) });

  /** The checked values, or null when a field is wrong (it says why). */
  const checked = async (): Promise<EsignInput | null> => {
    try {
      return await form.validateFields();
    } catch {
      return null;
    }
  };
  /** Saves the form; false when the server refused (its messages go under the fields). */
  const persist = async (values: EsignInput): Promise<boolean> => {
    try {
      const saved = await capitalApi.saveEsign({
        orgName: values.orgName.trim(),
        creditCode: values.creditCode.trim().toUpperCase(),
        legalRepresentative: values.legalRepresentative.trim(),
        contactMobile: values.contactMobile.trim(),
      });
      client.setQueryData(KEY, saved);
      return true;
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.keys(fields).map((name) => ({ name: name as never, errors: [fields[name] ?? ''] })));
      return false;
    }
  };
  const save = async () => {
    const values = await checked();
    if (!values) return;
    setSaving(true);
    try {
      if (await persist(values)) void message.success(t('esign.saved'));
    } finally {
      setSaving(false);
    }
  };
  // The fields are checked before the confirmation opens; what is typed and not yet saved is
  // saved with the submission, so the platform reviews what the form shows.
  const submit = async () => {
    const values = await checked();
    if (!values) return;
    modal.confirm({
      title: t('esign.confirmSubmit'),
      onOk: async () => {
        if (form.isFieldsTouched() && !(await persist(values))) return;
        try {
          const submitted = await capitalApi.submitEsign();
          client.setQueryData(KEY, submitted);
          void message.success(t('esign.submitted'));
        } catch {
          // The request layer has shown why.
        }
      },
    });
  };

  return (
    <Card
      title={t('esign.title')}
      extra={<Tag color={STATUS_COLORS[esign.status] ?? 'default'}>{t(`esign.statuses.${esign.status}`, { defaultValue: esign.status })}</Tag>}
    >
      <Form
        form={form}
        labelCol={{ flex: '150px' }}
        disabled={locked}
        initialValues={{ orgName: esign.orgName, creditCode: esign.creditCode, legalRepresentative: esign.legalRepresentative, contactMobile: esign.contactMobile }}
      >
        <Form.Item name="orgName" label={t('esign.orgName')} rules={[required(t('esign.orgName'))]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="creditCode"
          label={t('esign.creditCode')}
          rules={[
            required(t('esign.creditCode')),
            rules.creditCode,
          ]}
        >
          <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="legalRepresentative" label={t('esign.legalRepresentative')} rules={[required(t('esign.legalRepresentative'))]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="contactMobile" label={t('esign.contactMobile')} rules={[required(t('esign.contactMobile')), rules.mobile]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('esign.submittedAt')}>{time(esign.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('esign.verifiedAt')}>{time(esign.verifiedAt)}</Descriptions.Item>
      </Descriptions>
      {locked ? (
        <Alert type="warning" showIcon title={t('esign.locked')} />
      ) : (
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('esign.save')}
          </Button>
          {esign.status === 'UNSUBMITTED' ? (
            <Button onClick={() => void submit()}>{t('esign.submit')}</Button>
          ) : null}
        </Space>
      )}
    </Card>
  );
}

function SealCard({ esign }: { esign: EsignAccount }) {
  const { t } = useTranslation(CAPITAL_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const url = useBlobUrl(esign.sealFileId ? sealPath(esign.sealFileId) : null, esign.sealFileId);
  const locked = esign.status === 'PENDING';

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const reply = await fetch(`${API_BASE}${SEAL_UPLOAD}`, { method: 'POST', body, headers: apiHeaders() });
      const envelope = (await reply.json()) as Envelope<EsignAccount | { fields?: Record<string, string> }>;
      if (envelope.code === 200) {
        client.setQueryData(KEY, envelope.data);
        void message.success(t('esign.uploaded'));
      } else {
        const fields = (envelope.data as { fields?: Record<string, string> } | null)?.fields;
        void message.error(fields?.file ?? envelope.msg ?? String(envelope.code));
      }
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card title={t('esign.seal')}>
      <div className="bh-seal-preview" style={{ minHeight: 180, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa', borderRadius: 8, marginBottom: 16 }}>
        {url ? <Image src={url} alt={esign.sealFileName ?? t('esign.seal')} style={{ maxHeight: 160, maxWidth: '100%' }} /> : <Empty description={t('esign.noSeal')} />}
      </div>
      <Space direction="vertical">
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          showUploadList={false}
          disabled={locked}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={locked}>
            {t('esign.upload')}
          </Button>
        </Upload>
        <span className="bh-muted">{esign.sealFileName ? `${esign.sealFileName} · ` : ''}{t('esign.sealHint')}</span>
      </Space>
    </Card>
  );
}
