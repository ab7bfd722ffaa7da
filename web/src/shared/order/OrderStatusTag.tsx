import { Tag } from 'antd';
import { useStatusLabel } from './labels';
import { statusColor } from './status';

/** A long label ("Awaiting owner declaration") wraps inside its cell instead of running over the next column. */
const WRAP = { whiteSpace: 'normal', marginInlineEnd: 0 } as const;

/** An order status as a coloured tag, labelled in the interface language (the code when unknown). */
export function OrderStatusTag({ status }: { status: string | null | undefined }) {
  const label = useStatusLabel();
  if (!status) return <>—</>;
  return (
    <Tag color={statusColor(status)} style={WRAP}>
      {label(status)}
    </Tag>
  );
}
