import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { severity, SEVERITY_COLORS } from './logic';
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
