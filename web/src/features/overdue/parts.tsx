import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { noticeState, severity, SEVERITY_COLORS, todayText } from './logic';
import { OVERDUE_NS } from './locales';

/** Days past due, coloured by how late (1–30, 31–60, 61–90, over 90). */
export function DaysPastDue({ days }: { days: number }) {
  const { t } = useTranslation(OVERDUE_NS);
  return <span className={`bh-overdue__dpd bh-overdue__dpd--${severity(days)}`}>{t('days', { n: days })}</span>;
}

/** The delinquency bucket as a tag of the row's severity ('—' when none). */
export function BucketTag({ bucket, days }: { bucket: string; days: number }) {
  if (!bucket) return <>—</>;
  return (
    <Tag color={SEVERITY_COLORS[severity(days)]} className="bh-overdue__bucket">
      {bucket}
    </Tag>
  );
}

const NOTICE_COLORS: Record<string, string> = { CURED: 'green', CLOSED: 'default' };

/**
 * 催告: the day the demand notice was sent and its cure deadline; 宽限期已过 once the deadline is
 * before today (a default surrender may then be filed), the notice's status when it no longer stands.
 */
export function NoticeCell({ row }: { row: { demandNoticeStatus: string; noticeSentOn: string | null; cureDeadline: string | null } }) {
  const { t } = useTranslation(OVERDUE_NS);
  const notice = noticeState(row, todayText());
  if (notice.kind === 'none') return <Typography.Text type="secondary">{t('notice.none')}</Typography.Text>;
  return (
    <span className="bh-overdue__notice" data-testid="notice">
      <span className="bh-num bh-nowrap">{t('notice.sentOn', { date: notice.sentOn })}</span>
      {notice.cureDeadline ? (
        <Typography.Text type="secondary" className="bh-overdue__sub bh-num bh-nowrap">
          {t('notice.cure', { date: notice.cureDeadline })}
        </Typography.Text>
      ) : null}
      {notice.graceOver ? (
        <Tag color="red" className="bh-overdue__grace">
          {t('notice.graceOver')}
        </Tag>
      ) : notice.status !== 'SENT' ? (
        <Tag color={NOTICE_COLORS[notice.status] ?? 'default'} className="bh-overdue__grace">
          {t(`notice.status.${notice.status}`, { defaultValue: notice.status })}
        </Tag>
      ) : null}
    </span>
  );
}
