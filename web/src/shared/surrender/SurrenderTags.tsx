import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_STATUS_COLORS, SURRENDER_LABELS_NS, SURRENDER_REASON_COLORS, SURRENDER_STATUS_COLORS } from './labels';

/** A long label ("Refund applied (shortfall open)") wraps inside its cell instead of running over the next column. */
const WRAP = { whiteSpace: 'normal', marginInlineEnd: 0 } as const;

/** A surrender application's status as a coloured tag in the interface language (the code when unknown). */
export function SurrenderStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(SURRENDER_LABELS_NS);
  return (
    <Tag color={SURRENDER_STATUS_COLORS[status] ?? 'default'} style={WRAP} data-testid="surrender-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** The reason as a tag: short in a list, in full in a form or the details. */
export function SurrenderReasonTag({ reason, short = false }: { reason: string; short?: boolean }) {
  const { t } = useTranslation(SURRENDER_LABELS_NS);
  return (
    <Tag color={SURRENDER_REASON_COLORS[reason] ?? 'default'} style={WRAP}>
      {t(`${short ? 'reasonShort' : 'reason'}.${reason}`, { defaultValue: reason })}
    </Tag>
  );
}

/** A demand notice's status as a tag. */
export function NoticeStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(SURRENDER_LABELS_NS);
  return (
    <Tag color={NOTICE_STATUS_COLORS[status] ?? 'default'} style={WRAP}>
      {t(`notice.${status}`, { defaultValue: status })}
    </Tag>
  );
}
