import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Form, Input, Row, Select, Space, Table, Tag, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { useBuiltInName } from '../../../shared/builtin/names';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import { PdfPreviewModal } from '../../../shared/ui/PdfPreviewModal';
import '../../../shared/crud/locales';
import { contractApi, type ContractCatalogue, type ContractDetail, type ContractRow } from '../api';
import { OPERATE_NS } from '../locales';
import { formatDateTime } from '../../../shared/format/datetime';
import { VersionStatusTag } from '../tags';
import { UsedVariables, VariablePalette, type UsedVariable } from '../VariablePalette';
import { useInsertAtCursor } from '../useInsertAtCursor';
import { contractVariables } from '../variables';
import { placeholder } from '../../../shared/format/placeholder';
import './contract.css';

const LIST = 'operate.contract';
const TABLE = 'admin:template_contract:table';
const CREATE = 'admin:template_contract:create';
const UPDATE = 'admin:template_contract:update';
const ACTIVATE = 'admin:template_contract:activate';
const KINDS = ['LOAN_CONTRACT', 'SERVICE_AGREEMENT', 'OWNER_DECLARATION', 'POWER_OF_ATTORNEY', 'WITHHOLDING_AUTH', 'PRIVACY_AUTH', 'SETTLEMENT_CERTIFICATE'] as const;

interface ContractForm {
  code: string;
  name: string;
  docKind: string;
  capitalProviderId?: number | null;
  body: string;
  remark?: string;
}

type Editing = { mode: 'create' } | { mode: 'edit'; detail: ContractDetail };

function useCatalogue() {
  return useQuery({ queryKey: ['operate', 'contract', 'catalogue'], queryFn: contractApi.catalogue, staleTime: 60_000 });
}

/** 合同管理 (admin:template_contract:table): versioned contract templates with a PDF preview. */
export function ContractPage() {
  const { t } = useTranslation(OPERATE_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const catalogue = useCatalogue();
  const builtIn = useBuiltInName();
  const name = (row: ContractRow) => builtIn('contractTemplate', row.code, row.name);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [versionsOf, setVersionsOf] = useState<ContractRow | null>(null);
  const [previewing, setPreviewing] = useState<ContractRow | null>(null);

  const openEditor = async (id: number) => setEditing({ mode: 'edit', detail: await contractApi.view(id) });
  const activate = async (row: ContractRow) => {
    await contractApi.activate(row.id);
    void message.success(t('contract.activated'));
  };
  const retire = async (row: ContractRow) => {
    await contractApi.retire(row.id);
    void message.success(t('contract.retired'));
  };

  const columns: ListColumn<ContractRow>[] = [
    { key: 'code', kind: 'code', title: t('common.code'), sortField: 'code', width: 230 },
    { key: 'name', title: t('common.name'), width: 170, ellipsis: true, render: name },
    { key: 'docKind', title: t('contract.docKind'), width: 100, render: (row) => t(`contract.kinds.${row.docKind}`, { defaultValue: row.docKind }) },
    { key: 'provider', title: t('contract.provider'), width: 160, ellipsis: true, render: (row) => row.capitalProviderName ?? <Typography.Text type="secondary">{t('contract.allProviders')}</Typography.Text> },
    { key: 'templateVersion', optional: true, title: t('contract.version'), width: 70, render: (row) => `V${row.templateVersion}` },
    { key: 'status', kind: 'status', title: t('common.status'), render: (row) => <VersionStatusTag status={row.status} /> },
    {
      key: 'activeVersion',
      optional: true,
      title: t('contract.activeVersion'),
      width: 90,
      render: (row) => (row.activeVersion ? <Tag color="green">V{row.activeVersion}</Tag> : <Typography.Text type="secondary">{t('contract.none')}</Typography.Text>),
    },
    { key: 'updatedAt', optional: true, kind: 'datetime', title: t('common.updatedAt'), sortField: 'updatedAt', render: (row) => formatDateTime(row.updatedAt) },
  ];

  const actions: RowAction<ContractRow>[] = [
    { key: 'preview', label: t('contract.preview'), perm: TABLE, onClick: (row) => setPreviewing(row) },
    { key: 'edit', label: t('common.edit'), perm: UPDATE, onClick: (row) => void openEditor(row.id) },
    { key: 'versions', label: t('contract.versions'), perm: TABLE, onClick: (row) => setVersionsOf(row) },
    {
      key: 'activate',
      label: t('contract.activate'),
      perm: ACTIVATE,
      hidden: (row) => row.status === 'ACTIVE',
      confirm: (row) => t('contract.confirmActivate', { version: row.templateVersion }),
      onClick: activate,
    },
    {
      key: 'retire',
      label: t('contract.retire'),
      perm: ACTIVATE,
      danger: true,
      hidden: (row) => row.status !== 'ACTIVE',
      confirm: (row) => t('contract.confirmRetire', { version: row.templateVersion }),
      onClick: retire,
    },
  ];

  return (
    <>
      <ListPage<ContractRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'keyword', kind: 'text', label: t('common.keyword'), width: 180 },
          { name: 'docKind', kind: 'choice', label: t('contract.docKind'), width: 150, options: KINDS.map((k) => ({ value: k, label: t(`contract.kinds.${k}`) })) },
          {
            name: 'status',
            kind: 'choice',
            label: t('common.status'),
            width: 120,
            options: ['DRAFT', 'ACTIVE', 'RETIRED'].map((s) => ({ value: s, label: t(`contract.status.${s}`) })),
          },
        ]}
        fetchPage={contractApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'updatedAt', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('contract.create'), perm: CREATE, onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:template_contract:export', run: contractApi.export }}
      />
      <ContractDialog
        editing={editing}
        catalogue={catalogue.data}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void message.success(saved.newVersion ? t('contract.newVersion', { version: saved.templateVersion }) : t('common.saved'));
          void reload();
        }}
      />
      <VersionsDrawer
        of={versionsOf}
        onClose={() => setVersionsOf(null)}
        onEdit={(id) => void openEditor(id)}
        onPreview={setPreviewing}
        onChanged={() => void reload()}
      />
      <PdfPreviewModal
        id={previewing?.id ?? null}
        load={contractApi.preview}
        testId="contract-pdf"
        texts={{
          title: t('contract.previewTitle', { name: previewing ? `${name(previewing)} V${previewing.templateVersion}` : '' }),
          openInTab: t('contract.openInTab'),
          close: t('common.close'),
          loading: t('contract.loading'),
        }}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}

function ContractDialog({
  editing,
  catalogue,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  catalogue: ContractCatalogue | undefined;
  onClose: () => void;
  onSaved: (saved: { newVersion: boolean; templateVersion: number }) => void;
}) {
  const { t } = useTranslation(OPERATE_NS);
  const creating = editing?.mode === 'create';
  const detail = editing?.mode === 'edit' ? editing.detail : null;
  const initial: Partial<ContractForm> = detail
    ? { code: detail.code, name: detail.name, docKind: detail.docKind, capitalProviderId: detail.capitalProviderId, body: detail.body, remark: detail.remark }
    : { docKind: 'LOAN_CONTRACT', capitalProviderId: null, body: '' };
  const required = (label: string) => ({ required: true, whitespace: true, message: t('common.required', { label }) });
  const title = detail ? t('contract.editTitle', { version: detail.templateVersion }) : t('contract.createTitle');
  return (
    <FormDialog<ContractForm>
      open={editing !== null}
      title={title}
      width={960}
      labelWidth={96}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input = { ...values, capitalProviderId: values.capitalProviderId ?? null, code: detail?.code ?? values.code };
        const saved = detail ? await contractApi.update(detail.id, input) : await contractApi.create(input);
        onSaved(saved);
      }}
    >
      {(form) => (
        <>
          {detail && detail.status !== 'DRAFT' ? (
            <Typography.Paragraph type="warning" className="bh-contract-hint">
              {t('contract.editActiveHint', { next: detail.templateVersion + 1 })}
            </Typography.Paragraph>
          ) : null}
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="code"
                label={t('common.code')}
                rules={[required(t('common.code')), { pattern: /^[A-Z][A-Z0-9_]{1,63}$/, message: t('common.codeRule') }]}
              >
                <Input disabled={!creating} placeholder="LOAN_STANDARD" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name" label={t('common.name')} rules={[required(t('common.name')), { max: 128 }]}>
                <Input placeholder="机动车保费分期借款合同" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="docKind" label={t('contract.docKind')} rules={[{ required: true, message: t('common.requiredChoice', { label: t('contract.docKind') }) }]}>
                <Select options={KINDS.map((k) => ({ value: k, label: t(`contract.kinds.${k}`) }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="capitalProviderId" label={t('contract.provider')}>
                <Select
                  allowClear
                  placeholder={t('contract.allProviders')}
                  options={(catalogue?.providers ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <BodyEditor form={form} catalogue={catalogue} />
          <Form.Item name="remark" label={t('contract.remark')} rules={[{ max: 500 }]}>
            <Input />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/**
 * The body text area and the variable palette beside it: chips labelled by what the variables
 * mean insert `{{name}}` at the cursor; under the body, the variables it uses by their labels.
 */
function BodyEditor({ form, catalogue }: { form: FormInstance<ContractForm>; catalogue: ContractCatalogue | undefined }) {
  const { t } = useTranslation(OPERATE_NS);
  const [area, insert] = useInsertAtCursor(form, 'body');
  const variables = catalogue?.variables ?? [];
  const used = (body: string): UsedVariable[] =>
    contractVariables(body).map((name) => {
      const known = variables.find((v) => v.name === name);
      return known ? { name, label: known.label } : { name, label: placeholder(name), problem: t('contract.unknownVariable') };
    });
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="auto">
        <Form.Item
          name="body"
          label={t('contract.body')}
          extra={
            <>
              {t('contract.bodyHint', { example: placeholder('customer.name') })}
              {catalogue ? <UsedVariables title={t('contract.used')} field="body" of={used} /> : null}
            </>
          }
          rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('contract.body') }) }]}
        >
          <Input.TextArea ref={area} rows={16} className="bh-contract-body" data-testid="contract-body" />
        </Form.Item>
      </Col>
      <Col flex="260px">
        <VariablePalette
          testId="variable-palette"
          title={t('contract.variables')}
          hint={t('contract.variablesHint')}
          variables={variables.map((v) => ({ name: v.name, label: v.label, detail: `${placeholder(v.name)}${v.sample ? ` · ${v.sample}` : ''}` }))}
          onPick={(name) => insert(placeholder(name))}
        />
      </Col>
    </Row>
  );
}

function VersionsDrawer({
  of,
  onClose,
  onEdit,
  onPreview,
  onChanged,
}: {
  of: ContractRow | null;
  onClose: () => void;
  onEdit: (id: number) => void;
  onPreview: (row: ContractRow) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(OPERATE_NS);
  const { message, modal } = App.useApp();
  const held = usePermissions();
  const builtIn = useBuiltInName();
  const versions = useQuery({
    queryKey: ['operate', 'contract', 'versions', of?.id],
    queryFn: () => contractApi.versions(of?.id ?? 0),
    enabled: of !== null,
  });
  const act = (text: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: text,
      onOk: async () => {
        await run();
        void message.success(done);
        void versions.refetch();
        onChanged();
      },
    });
  return (
    <Drawer open={of !== null} onClose={onClose} size={760} title={t('contract.versionsTitle', { name: of ? builtIn('contractTemplate', of.code, of.name) : '' })} destroyOnHidden>
      <Table<ContractRow>
        rowKey="id"
        size="middle"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        columns={[
          { key: 'v', title: t('contract.version'), width: 70, render: (_, row) => `V${row.templateVersion}` },
          { key: 's', title: t('common.status'), width: 90, render: (_, row) => <VersionStatusTag status={row.status} /> },
          { key: 'u', title: t('common.updatedAt'), width: 170, render: (_, row) => formatDateTime(row.updatedAt) },
          { key: 'a', title: t('contract.activatedAt'), width: 170, render: (_, row) => formatDateTime(row.activatedAt) },
          {
            key: 'ops',
            title: '',
            render: (_, row) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => onPreview(row)}>
                  {t('contract.preview')}
                </Button>
                {hasPermission(UPDATE, held) ? (
                  <Button type="link" size="small" onClick={() => onEdit(row.id)}>
                    {t('common.edit')}
                  </Button>
                ) : null}
                {hasPermission(ACTIVATE, held) && row.status !== 'ACTIVE' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => act(t('contract.confirmActivate', { version: row.templateVersion }), () => contractApi.activate(row.id), t('contract.activated'))}
                  >
                    {t('contract.activate')}
                  </Button>
                ) : null}
                {hasPermission(ACTIVATE, held) && row.status === 'ACTIVE' ? (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => act(t('contract.confirmRetire', { version: row.templateVersion }), () => contractApi.retire(row.id), t('contract.retired'))}
                  >
                    {t('contract.retire')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
