import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuiltInName } from '../../../shared/builtin/names';
import { PdfPreviewModal } from '../../../shared/ui/PdfPreviewModal';
import { formatDateTime } from '../../../shared/format/datetime';
import { capitalApi, type ContractTemplate } from '../api';
import { CAPITAL_NS } from '../locales';
import { DOC_KINDS, filterTemplates, sortTemplates, templateScope, type TemplateFilter, type TemplateScope } from './templates';
import './contractTemplate.css';

/** 资金合同模板 (capital:order:table): the ACTIVE templates that apply to this provider, read-only, with a PDF preview. */
export function ContractTemplatePage() {
  const { t } = useTranslation(CAPITAL_NS);
  const query = useQuery({ queryKey: ['capital.contractTemplates'], queryFn: () => capitalApi.contractTemplates() });
  const [filter, setFilter] = useState<TemplateFilter>({});
  const [previewing, setPreviewing] = useState<ContractTemplate | null>(null);
  const builtIn = useBuiltInName();
  const name = (row: ContractTemplate) => builtIn('contractTemplate', row.code, row.name);
  const rows = sortTemplates(filterTemplates(query.data ?? [], filter, name));
  const time = (ms: number | null) => formatDateTime(ms);
  const kindLabel = (kind: string) => t(`template.kinds.${kind}`, { defaultValue: kind });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('template.hint')} />
      <Card>
        <Space wrap size="middle" className="bh-capital-template-filters">
          <Input.Search
            allowClear
            placeholder={t('template.keyword')}
            style={{ width: 220 }}
            onSearch={(keyword) => setFilter((f) => ({ ...f, keyword }))}
            onChange={(e) => {
              if (!e.target.value) setFilter((f) => ({ ...f, keyword: '' }));
            }}
          />
          <Select<string>
            allowClear
            placeholder={t('template.docKind')}
            style={{ width: 180 }}
            options={DOC_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            onChange={(docKind) => setFilter((f) => ({ ...f, docKind }))}
          />
          <Select<TemplateScope>
            allowClear
            placeholder={t('template.scope')}
            style={{ width: 180 }}
            options={[
              { value: 'OWN', label: t('template.own') },
              { value: 'GENERAL', label: t('template.general') },
            ]}
            onChange={(scope) => setFilter((f) => ({ ...f, scope }))}
          />
          <Typography.Text type="secondary">{t('template.count', { count: rows.length })}</Typography.Text>
        </Space>
        <Table<ContractTemplate>
          rowKey="id"
          size="middle"
          loading={query.isPending}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('template.empty') }}
          columns={[
            {
              key: 'name',
              title: t('template.name'),
              ellipsis: true,
              render: (_, row) => (
                <Typography.Link title={name(row)} onClick={() => setPreviewing(row)}>
                  {name(row)}
                </Typography.Link>
              ),
            },
            { key: 'code', title: t('template.code'), dataIndex: 'code', width: 180, ellipsis: true },
            { key: 'docKind', title: t('template.docKind'), width: 190, render: (_, row) => kindLabel(row.docKind) },
            { key: 'version', title: t('template.version'), width: 100, render: (_, row) => `V${row.templateVersion}` },
            {
              key: 'scope',
              title: t('template.scope'),
              width: 150,
              render: (_, row) =>
                templateScope(row) === 'OWN' ? <Tag color="blue">{t('template.own')}</Tag> : <Tag>{t('template.general')}</Tag>,
            },
            { key: 'activatedAt', title: t('template.activatedAt'), width: 160, render: (_, row) => time(row.activatedAt) },
            {
              key: 'actions',
              title: t('template.actions'),
              width: 130,
              render: (_, row) => (
                <Button type="link" size="small" icon={<FilePdfOutlined />} onClick={() => setPreviewing(row)}>
                  {t('template.preview')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <PdfPreviewModal
        id={previewing?.id ?? null}
        load={capitalApi.previewContractTemplate}
        testId="contract-template-pdf"
        texts={{
          title: t('template.previewTitle', { name: previewing ? `${name(previewing)} V${previewing.templateVersion}` : '' }),
          openInTab: t('template.openInTab'),
          close: t('template.close'),
          loading: t('template.loading'),
        }}
        onClose={() => setPreviewing(null)}
      />
    </Space>
  );
}
