import { Tag } from 'antd';
import { useStatusLabel } from './labels';
import { statusColor } from './status';

/** An order status as a coloured tag, labelled in the interface language (the code when unknown). */
export function OrderStatusTag({ status }: { status: string | null | undefined }) {
  const label = useStatusLabel();
  if (!status) return <>—</>;
  return <Tag color={statusColor(status)}>{label(status)}</Tag>;
}
