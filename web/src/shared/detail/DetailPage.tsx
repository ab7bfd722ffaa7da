import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Skeleton, Space, Tag, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission, hasPermission, usePermissions } from '../auth/permissions';
import { formatDateTime } from '../format/datetime';
import { DETAIL_NS } from './locales';
import './detail.css';

/** A button of the header. Hidden from a user without its permission (the product specification), as ListPage's actions. */
export interface DetailAction {
  key: string;
  label: ReactNode;
  /** The permission the user must hold. */
  perm?: string;
  /** The user must hold at least one of these. */
  anyOf?: readonly string[];
  icon?: ReactNode;
  primary?: boolean;
  danger?: boolean;
  disabled?: boolean;
  /** Asks first, with this text. */
  confirm?: ReactNode;
  onClick: () => unknown;
}

/** A card of the page: a title, buttons on its right (`extra`) and any content (e.g. antd Descriptions). */
export interface DetailSectionProps {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  /** Test id / anchor of the card. */
  id?: string;
}

/** One entry of the history: who did what when, and why if a reason was given. */
export interface TimelineEntry {
  key: string | number;
  who: ReactNode;
  /** Epoch ms. */
  when: number | null | undefined;
  what: ReactNode;
  reason?: ReactNode;
  /** Dot colour (antd Timeline): 'blue' (default), 'green', 'red', 'gray' … */
  color?: string;
}

export interface DetailTimeline {
  /** The card's title; 'History' in the interface language by default. */
  title?: ReactNode;
  items: readonly TimelineEntry[];
  loading?: boolean;
}

export interface DetailPageProps {
  title: ReactNode;
  /** Next to the title, secondary (e.g. the record's number). */
  subtitle?: ReactNode;
  /** The record's status, as a tag next to the title. */
  status?: { label: ReactNode; color?: string };
  actions?: readonly DetailAction[];
  /** Shows a back button before the title. */
  onBack?: () => void;
  /** The back button's accessible name (default: 'Back'). */
  backLabel?: string;
  /** Cards with a title and content, in order; `children` follow them (cards with their own state). */
  sections?: readonly (DetailSectionProps & { key: string })[];
  children?: ReactNode;
  /** The history card, last. */
  timeline?: DetailTimeline;
  /** While the record loads: a skeleton instead of the page. */
  loading?: boolean;
  /** The record could not be loaded: this text instead of the page. */
  notFound?: ReactNode;
}

/**
 * The detail page of docs/architecture.md (README "Shared building blocks"): a header with back
 * button, title, status tag and the actions the user may take; cards for the sections; a history
 * timeline. The customer page uses it; the order page will.
 */
export function DetailPage(props: DetailPageProps) {
  const { t } = useTranslation(DETAIL_NS);
  const held = usePermissions();
  if (props.notFound !== undefined && props.notFound !== null && props.notFound !== false) {
    return (
      <Card>
        <Empty description={props.notFound} />
      </Card>
    );
  }
  if (props.loading) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  const actions = (props.actions ?? []).filter((action) => hasPermission(action.perm, held) && hasAnyPermission(action.anyOf ?? [], held));
  return (
    <div className="bh-detail">
      <header className="bh-detail__header">
        <div className="bh-detail__heading">
          {props.onBack ? <Button type="text" icon={<ArrowLeftOutlined />} onClick={props.onBack} aria-label={props.backLabel ?? t('back')} /> : null}
          <h2 className="bh-detail__title">{props.title}</h2>
          {props.subtitle ? <span className="bh-detail__subtitle">{props.subtitle}</span> : null}
          {props.status ? <Tag color={props.status.color}>{props.status.label}</Tag> : null}
        </div>
        {actions.length > 0 ? (
          <Space wrap role="toolbar" aria-label={t('actions')}>
            {actions.map((action) => (
              <ActionButton key={action.key} action={action} />
            ))}
          </Space>
        ) : null}
      </header>
      {(props.sections ?? []).map(({ key, ...section }) => (
        <DetailSection key={key} {...section} />
      ))}
      {props.children}
      {props.timeline ? <DetailHistory {...props.timeline} /> : null}
    </div>
  );
}

function ActionButton({ action }: { action: DetailAction }) {
  const button = (
    <Button
      type={action.primary ? 'primary' : 'default'}
      danger={action.danger}
      icon={action.icon}
      disabled={action.disabled}
      onClick={action.confirm ? undefined : () => void action.onClick()}
    >
      {action.label}
    </Button>
  );
  if (!action.confirm) return button;
  return (
    <Popconfirm title={action.confirm} onConfirm={() => void action.onClick()}>
      {button}
    </Popconfirm>
  );
}

/** A section card; use it directly for a section with its own state (dialogs, queries). */
export function DetailSection({ title, extra, children, id }: DetailSectionProps) {
  return (
    <Card title={title} extra={extra} size="small" data-testid={id} id={id}>
      {children}
    </Card>
  );
}

/** The history card: newest first as given; each entry says what, who, when and the reason if any. */
export function DetailHistory({ title, items, loading }: DetailTimeline) {
  const { t } = useTranslation(DETAIL_NS);
  return (
    <DetailSection title={title ?? t('timeline')}>
      {loading ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistory')} />
      ) : (
        <Timeline
          items={items.map((item) => ({
            key: item.key,
            ...(item.color ? { color: item.color } : {}),
            content: (
              <div className="bh-detail__timeline-item">
                <div>
                  <span className="bh-detail__timeline-what">{item.what}</span>
                  <span className="bh-detail__timeline-meta">
                    {item.who} · {formatDateTime(item.when)}
                  </span>
                </div>
                {item.reason ? (
                  <div className="bh-detail__timeline-reason">
                    {t('reason')}: {item.reason}
                  </div>
                ) : null}
              </div>
            ),
          }))}
        />
      )}
    </DetailSection>
  );
}
