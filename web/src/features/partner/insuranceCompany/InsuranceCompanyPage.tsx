import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Col, Form, Input, Radio, Row, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { insurerApi, type InsurerInput, type InsurerRow } from '../api';
import { PARTNER_NS } from '../locales';
import { fenToYuan, formatBp, percentToBp } from '../../../shared/format/money';
import { formatDateTime } from '../../../shared/format/datetime';
import { EnabledTag } from '../shared';
import { useUi } from '../../../shared/settings/store';
import '../partner.css';
import { useIdentifierRules } from '../../../shared/validate/rules';

const LIST = 'partner.insurers';
const REASONS = ['VEHICLE_SCRAPPED', 'VEHICLE_TRANSFERRED', 'DUPLICATE_INSURANCE', 'OTHER'] as const;
/** Settlement accounts shown in a row of the list; the rest behind "+N". */
const ACCOUNTS_SHOWN = 2;

interface AccountForm {
  id?: number;
  bankName: string;
  branchName?: string;
  accountName: string;
  accountNo?: string;
  accountNoMask?: string;
}

interface InsurerForm {
  name: string;
  code: string;
  contactName?: string;
  contactPhone?: string;
  preStartFee: string;
  dayBasis: number;
  compulsoryReasons: string[];
  enabled: boolean;
  accounts: AccountForm[];
}

type Editing = { mode: 'create' } | { mode: 'edit'; id: number; values: InsurerForm };

/** 保险公司管理 (admin:insurance_company:table): insurers, settlement accounts, surrender rules. */
export function InsuranceCompanyPage() {
  const { t } = useTranslation(PARTNER_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const [editing, setEditing] = useState<Editing | null>(null);

  const columns: ListColumn<InsurerRow>[] = [
    { key: 'name', title: t('insurer.name'), sortField: 'name', width: 220 },
    { key: 'code', kind: 'code', title: t('insurer.code'), sortField: 'code' },
    {
      key: 'contact',
      optional: true,
      title: t('insurer.contactName'),
      width: 150,
      render: (row) => (row.contactName || row.contactPhone ? `${row.contactName} ${row.contactPhone}`.trim() : t('common.none')),
    },
    {
      key: 'accounts',
      title: t('insurer.accounts'),
      width: 210,
      // Two accounts at most in the row; the others in a tooltip behind "+N" (a row stays a row).
      render: (row) => {
        if (row.accounts.length === 0) return t('common.none');
        const line = (a: (typeof row.accounts)[number]) => `${a.bankName} · ${a.accountNoMask}`;
        const rest = row.accounts.slice(ACCOUNTS_SHOWN);
        return (
          <>
            {row.accounts.slice(0, ACCOUNTS_SHOWN).map((a) => (
              <div key={a.id}>{line(a)}</div>
            ))}
            {rest.length > 0 ? (
              <Tooltip title={rest.map((a) => <div key={a.id}>{line(a)}</div>)}>
                <Typography.Link data-testid="insurer-more-accounts">+{rest.length}</Typography.Link>
              </Tooltip>
            ) : null}
          </>
        );
      },
    },
    {
      key: 'rules',
      title: t('insurer.surrenderRules'),
      width: 230,
      render: (row) => (
        <>
          <div>
            {t('insurer.preStartFee')} {formatBp(row.preStartFeeBp)} · {t('insurer.days', { days: row.dayBasis })}
          </div>
          <div>
            {row.compulsoryReasons.map((r) => (
              <Tag key={r}>{t(`insurer.reasons.${r}`, { defaultValue: r })}</Tag>
            ))}
          </div>
        </>
      ),
    },
    { key: 'enabled', kind: 'status', title: t('common.status'), render: (row) => <EnabledTag enabled={row.enabled} /> },
    { key: 'createdAt', kind: 'datetime', title: t('common.createdAt'), defaultHidden: true, sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
  ];

  const actions: RowAction<InsurerRow>[] = [
    {
      key: 'edit',
      label: t('common.edit'),
      perm: 'admin:insurance_company:update',
      onClick: async (row) => {
        const detail = await insurerApi.view(row.id);
        setEditing({
          mode: 'edit',
          id: row.id,
          values: {
            name: detail.name,
            code: detail.code,
            contactName: detail.contactName,
            contactPhone: detail.contactPhone,
            preStartFee: fenToYuan(detail.preStartFeeBp),
            dayBasis: detail.dayBasis,
            compulsoryReasons: detail.compulsoryReasons,
            enabled: detail.enabled,
            accounts: detail.accounts.map((a) => ({ id: a.id, bankName: a.bankName, branchName: a.branchName, accountName: a.accountName, accountNoMask: a.accountNoMask })),
          },
        });
      },
    },
    {
      key: 'status',
      label: (row) => (row.enabled ? t('common.disable') : t('common.enable')),
      perm: 'admin:insurance_company:update',
      confirm: (row) => (row.enabled ? t('common.confirmDisable', { name: row.name }) : t('common.confirmEnable', { name: row.name })),
      onClick: async (row) => {
        await insurerApi.setEnabled(row.id, !row.enabled);
        void message.success(t('common.statusChanged'));
      },
    },
  ];

  return (
    <>
      <ListPage<InsurerRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'name', kind: 'text', label: t('insurer.name') },
          { name: 'code', kind: 'text', label: t('insurer.code') },
          {
            name: 'enabled',
            kind: 'boolean',
            label: t('common.status'),
            options: [
              { value: 'true', label: t('common.enabled') },
              { value: 'false', label: t('common.disabled') },
            ],
          },
        ]}
        fetchPage={insurerApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('insurer.create'), perm: 'admin:insurance_company:create', primary: true, onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:insurance_company:export', run: insurerApi.export }}
      />
      <InsurerDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('common.saved'));
          void reload();
        }}
      />
    </>
  );
}

function InsurerDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(PARTNER_NS);
  const creating = editing?.mode === 'create';
  const initial: Partial<InsurerForm> =
    editing?.mode === 'edit'
      ? editing.values
      : { preStartFee: '0', dayBasis: 365, compulsoryReasons: ['VEHICLE_SCRAPPED', 'DUPLICATE_INSURANCE'], enabled: true, accounts: [] };
  const required = (label: string) => ({ required: true, whitespace: true, message: t('common.required', { label }) });
  const rules = useIdentifierRules();
  // A phone: each account's fields one under the other, with their labels (no column header).
  const phone = useUi().device === 'mobile';

  return (
    <FormDialog<InsurerForm>
      open={editing !== null}
      title={creating ? t('insurer.createTitle') : t('insurer.editTitle')}
      width={820}
      labelWidth={150}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input: InsurerInput = {
          name: values.name.trim(),
          code: values.code.trim(),
          contactName: (values.contactName ?? '').trim(),
          contactPhone: (values.contactPhone ?? '').trim(),
          preStartFeeBp: percentToBp(values.preStartFee) ?? 0,
          dayBasis: values.dayBasis,
          compulsoryReasons: values.compulsoryReasons ?? [],
          enabled: values.enabled,
          accounts: (values.accounts ?? []).map((a) => ({
            ...(a.id ? { id: a.id } : {}),
            bankName: a.bankName.trim(),
            branchName: (a.branchName ?? '').trim(),
            accountName: a.accountName.trim(),
            ...(a.accountNo?.trim() ? { accountNo: a.accountNo.replace(/\s/g, '') } : {}),
          })),
        };
        if (editing?.mode === 'edit') await insurerApi.update(editing.id, input);
        else await insurerApi.create(input);
        onSaved();
      }}
    >
      <>
        {/* One grid: the dialog's label width everywhere, two halves per row (docs/workspace.md, "Forms"). */}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('insurer.name')} rules={[required(t('insurer.name'))]}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('insurer.code')} rules={[required(t('insurer.code')), { pattern: /^[A-Za-z0-9_-]{2,32}$/, message: t('insurer.codeRule') }]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactName" label={t('insurer.contactName')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactPhone" label={t('insurer.contactPhone')} rules={[rules.phone]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="preStartFee"
          label={t('insurer.preStartFee')}
          rules={[{ validator: async (_, v: string | undefined) => { if (percentToBp(v ?? '') === null) throw new Error(t('common.percentRule')); } }]}
        >
          <Input suffix="%" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="dayBasis" label={t('insurer.dayBasis')}>
          <Radio.Group options={[365, 360].map((d) => ({ value: d, label: t('insurer.days', { days: d }) }))} />
        </Form.Item>
        <Form.Item name="compulsoryReasons" label={t('insurer.compulsoryReasons')}>
          <Checkbox.Group options={REASONS.map((r) => ({ value: r, label: t(`insurer.reasons.${r}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
          <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
        </Form.Item>
        <Form.List name="accounts">
          {(fields, { add, remove }) => (
            <Card size="small" title={t('insurer.accounts')} extra={<Button type="link" icon={<PlusOutlined />} onClick={() => add({ bankName: '', accountName: '' })}>{t('insurer.addAccount')}</Button>}>
              {fields.length === 0 ? <div className="bh-muted">{t('account.empty')}</div> : (phone ? null : <AccountHeader />)}
              {fields.map((field) => (
                <AccountRow key={field.key} name={field.name} phone={phone} onRemove={() => remove(field.name)} />
              ))}
            </Card>
          )}
        </Form.List>
      </>
    </FormDialog>
  );
}

/** The widths of a settlement account row's columns (header and rows share them). */
const ACCOUNT_COLUMNS = ['150px', '150px', '170px', 'auto', '32px'] as const;

/** Column labels over the settlement accounts (the rows' inputs carry them as their names too). */
function AccountHeader() {
  const { t } = useTranslation(PARTNER_NS);
  const titles: [string, boolean][] = [
    [t('account.bankName'), true],
    [t('account.branchName'), false],
    [t('account.accountName'), true],
    [t('account.accountNo'), true],
  ];
  return (
    <Row gutter={8} wrap={false} className="bh-account-rows__header" aria-hidden>
      {titles.map(([title, required], i) => (
        <Col key={title} flex={ACCOUNT_COLUMNS[i]}>
          {required ? <span className="bh-account-rows__required">*</span> : null}
          {title}
        </Col>
      ))}
      <Col flex={ACCOUNT_COLUMNS[4]} />
    </Row>
  );
}

/**
 * One settlement account. A stored account shows its number masked (the server never answers it
 * whole) and keeps it unless 更换 is chosen and a new number typed.
 */
function AccountRow({ name, phone, onRemove }: { name: number; phone: boolean; onRemove: () => void }) {
  const { t } = useTranslation(PARTNER_NS);
  // The id and the mask have no field of their own: `preserve` watches them all the same.
  const form = Form.useFormInstance();
  const mask = Form.useWatch(['accounts', name, 'accountNoMask'], { form, preserve: true }) as string | undefined;
  const kept = Boolean(Form.useWatch(['accounts', name, 'id'], { form, preserve: true }));
  const [changing, setChanging] = useState(false);
  const rules = useIdentifierRules();
  const typing = !kept || changing;
  // A desktop: the columns of the header; a phone: full-width fields with their own labels.
  const col = (i: number) => (phone ? { span: 24 } : { flex: ACCOUNT_COLUMNS[i] });
  const label = (text: string) => (phone ? { label: text } : {});
  return (
    <Row gutter={8} align="top" wrap={phone} className={phone ? 'bh-account-rows__row bh-account-rows__row--stacked' : 'bh-account-rows__row'}>
      <Col {...col(0)}>
        <Form.Item
          name={[name, 'bankName']}
          {...label(t('account.bankName'))}
          rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('account.bankName') }) }]}
        >
          <Input aria-label={t('account.bankName')} maxLength={64} />
        </Form.Item>
      </Col>
      <Col {...col(1)}>
        <Form.Item name={[name, 'branchName']} {...label(t('account.branchName'))}>
          <Input aria-label={t('account.branchName')} maxLength={128} />
        </Form.Item>
      </Col>
      <Col {...col(2)}>
        <Form.Item
          name={[name, 'accountName']}
          {...label(t('account.accountName'))}
          rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('account.accountName') }) }]}
        >
          <Input aria-label={t('account.accountName')} maxLength={128} />
        </Form.Item>
      </Col>
      <Col {...col(3)}>
        <Form.Item
          name={[name, 'accountNo']}
          {...label(t('account.accountNo'))}
          rules={typing ? [{ required: true, whitespace: true, message: t('common.required', { label: t('account.accountNo') }) }, rules.accountNo] : []}
        >
          <AccountNoField mask={mask} kept={kept} changing={changing} onChanging={setChanging} />
        </Form.Item>
      </Col>
      <Col {...col(4)}>
        {phone ? (
          <Button type="link" danger icon={<MinusCircleOutlined />} onClick={onRemove} className="bh-account-rows__remove">
            {t('account.remove')}
          </Button>
        ) : (
          <Tooltip title={t('account.remove')}>
            <Button type="text" danger icon={<MinusCircleOutlined />} onClick={onRemove} aria-label={t('account.remove')} />
          </Tooltip>
        )}
      </Col>
    </Row>
  );
}

/**
 * A settlement account's number: a stored one shown masked with 更换, a new or replacing one typed
 * (不更换 goes back to the stored number). The form value is only what is typed.
 */
function AccountNoField({
  value,
  onChange,
  mask,
  kept,
  changing,
  onChanging,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  mask: string | undefined;
  kept: boolean;
  changing: boolean;
  onChanging: (changing: boolean) => void;
}) {
  const { t } = useTranslation(PARTNER_NS);
  if (kept && !changing) {
    return (
      <Space.Compact block>
        <Input aria-label={t('account.accountNo')} value={mask ?? ''} readOnly className="bh-account-rows__stored" />
        <Button onClick={() => onChanging(true)}>{t('account.change')}</Button>
      </Space.Compact>
    );
  }
  return (
    <Space.Compact block>
      <Input
        aria-label={t('account.accountNo')}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={kept ? mask : undefined}
        maxLength={40}
        autoComplete="off"
        inputMode="numeric"
      />
      {kept ? (
        <Button
          onClick={() => {
            onChange?.(undefined);
            onChanging(false);
          }}
        >
          {t('account.keep')}
        </Button>
      ) : null}
    </Space.Compact>
  );
}
