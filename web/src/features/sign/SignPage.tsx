import { Alert, App, Button, Card, Checkbox, Descriptions, Form, Input, Result, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../shared/format/datetime';
import { changeLanguage } from '../../shared/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n/languages';
import { usePageTitle } from '../../shared/i18n/usePageTitle';
import { AntdScope } from '../../shared/ui/AntdScope';
import { isInvalidLink, isNoLongerSigning, signApi, SignError, type SignView } from './api';
import { SIGN_NS } from './locales';
import './SignPage.css';

type State = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'failed' } | { kind: 'ready'; view: SignView };

/**
 * The public signing page (`/sign/:token`, no sign-in: the token is the credential): the document,
 * the signer's full name to type, the agreement and 确认签署; then 签署完成 with the time and the
 * document's SHA-256. Built for phones first (customers sign there).
 */
export function SignPage() {
  return (
    <AntdScope>
      <App>
        <SignContent />
      </App>
    </AntdScope>
  );
}

function SignContent() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation(SIGN_NS);
  usePageTitle(t('pageTitle'));
  const [state, setState] = useState<State>({ kind: 'loading' });
  // Each attempt (the first, a retry) loads the signing's state once.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    signApi.view(token).then(
      (view) => live && setState({ kind: 'ready', view }),
      (error: unknown) => live && setState({ kind: isInvalidLink(error) ? 'invalid' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);
  const load = () => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <main className="bh-sign">
      <header className="bh-sign__header">
        <h1 className="bh-sign__title">{t('pageTitle')}</h1>
        <Select
          size="small"
          value={isLanguage(i18n.language) ? i18n.language : 'zh'}
          onChange={(lang) => void changeLanguage(lang)}
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          aria-label="language"
          className="bh-sign__language"
        />
      </header>
      {state.kind === 'loading' ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : state.kind === 'invalid' ? (
        <Result status="warning" title={t('invalidTitle')} subTitle={t('invalid')} data-testid="sign-invalid" />
      ) : state.kind === 'failed' ? (
        <Result status="error" title={t('failed')} extra={<Button onClick={load}>{t('retry')}</Button>} />
      ) : (
        <Signing token={token} view={state.view} onSigned={(view) => setState({ kind: 'ready', view })} onInvalid={() => setState({ kind: 'invalid' })} />
      )}
    </main>
  );
}

function Signing({ token, view, onSigned, onInvalid }: { token: string; view: SignView; onSigned: (view: SignView) => void; onInvalid: () => void }) {
  const { t } = useTranslation(SIGN_NS);
  const [form] = Form.useForm<{ name: string; agree: boolean }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    let values: { name: string; agree: boolean };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSigned(await signApi.sign(token, { name: values.name.trim(), agree: values.agree }));
    } catch (e) {
      if (isInvalidLink(e)) onInvalid();
      else if (isNoLongerSigning(e)) {
        // The contract moved on (voided, re-sent, signed on paper): show what the link says now.
        try {
          const now = await signApi.view(token);
          onSigned(now);
          if (now.status === 'PENDING') setError(e instanceof SignError && e.message ? e.message : t('failed'));
        } catch (again) {
          if (isInvalidLink(again)) onInvalid();
          else setError(e instanceof SignError && e.message ? e.message : t('failed'));
        }
      } else if (e instanceof SignError && Object.keys(e.fields).length > 0) {
        form.setFields(Object.entries(e.fields).filter(([name]) => name === 'name' || name === 'agree').map(([name, message]) => ({ name: name as 'name' | 'agree', errors: [message] })));
        if (!('name' in e.fields) && !('agree' in e.fields)) setError(e.message);
      } else setError(e instanceof SignError && e.message ? e.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  const details = (
    <Descriptions size="small" column={1} className="bh-sign__details" data-testid="sign-details">
      <Descriptions.Item label={t('contractNo')}>{view.contractNo}</Descriptions.Item>
      <Descriptions.Item label={t('orderNo')}>{view.orderNo}</Descriptions.Item>
      <Descriptions.Item label={t('signer')}>
        {t(`role.${view.signerRole}`, { defaultValue: view.signerRole })} · {view.signerName}
      </Descriptions.Item>
    </Descriptions>
  );

  if (view.status === 'SIGNED') {
    return (
      <Card>
        <Result
          status="success"
          title={t('signedTitle')}
          subTitle={view.title || view.docKindName}
          data-testid="sign-done"
          extra={
            <Descriptions size="small" column={1} className="bh-sign__details">
              <Descriptions.Item label={t('contractNo')}>{view.contractNo}</Descriptions.Item>
              <Descriptions.Item label={t('signedAt')}>{formatDateTime(view.signedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('hash')}>
                <Typography.Text code copyable className="bh-sign__hash">
                  {view.documentSha256}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          }
        />
      </Card>
    );
  }
  if (view.status !== 'PENDING') {
    return (
      <Card>
        <Result status="info" title={t('closedTitle')} subTitle={t('closed')} data-testid="sign-closed" />
        {details}
      </Card>
    );
  }
  return (
    <Card title={view.title || view.docKindName}>
      {details}
      <Document token={token} />
      <Form form={form} layout="vertical" className="bh-sign__form" onFinish={() => void submit()}>
        {error ? <Alert type="error" showIcon title={error} className="bh-sign__error" /> : null}
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
          <Input size="large" placeholder={t('namePlaceholder')} autoComplete="name" maxLength={64} data-testid="sign-name" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: async (_, checked: boolean | undefined) => (checked ? undefined : Promise.reject(new Error(t('agreeRequired')))) }]}
        >
          <Checkbox data-testid="sign-agree">{t('agree')}</Checkbox>
        </Form.Item>
        <Button type="primary" size="large" block htmlType="submit" loading={busy} data-testid="sign-submit">
          {t('sign')}
        </Button>
      </Form>
    </Card>
  );
}

/** The PDF being signed (fetched as a blob; a link opens it full screen, which phones handle better). */
function Document({ token }: { token: string }) {
  const { t } = useTranslation(SIGN_NS);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    signApi.file(token).then(
      (objectUrl) => {
        made = objectUrl;
        if (live) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [token]);
  return (
    <section className="bh-sign__document" aria-label={t('document')}>
      {failed ? (
        <Alert type="error" showIcon title={t('pdfFailed')} />
      ) : url ? (
        <>
          {/* An iframe, not an <object>: the server's CSP has object-src 'none' (frame-src allows blob:). */}
          <iframe src={url} title={t('document')} className="bh-sign__pdf" data-testid="sign-pdf" />
          <a href={url} target="_blank" rel="noopener noreferrer" className="bh-sign__open">
            {t('openPdf')}
          </a>
        </>
      ) : (
        <Skeleton.Node active className="bh-sign__pdf" />
      )}
    </section>
  );
}
