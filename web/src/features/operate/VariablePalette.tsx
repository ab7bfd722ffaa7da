import { Form, Tag, Tooltip, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import './variables.css';

export interface PaletteVariable {
  /** What is written in the text (`customer.name`). */
  name: string;
  /** What people read (客户姓名/名称): the chip shows it, never the name. */
  label: string;
  /** Shown on hover: the written form and a sample. */
  detail?: string;
}

/**
 * The variables a template may use, as chips labelled by what they mean; a click (or Enter)
 * inserts the variable at the cursor. Contract templates and notice templates share it.
 */
export function VariablePalette({
  title,
  hint,
  variables,
  onPick,
  testId,
}: {
  title: string;
  hint: string;
  variables: readonly PaletteVariable[];
  onPick: (name: string) => void;
  testId?: string;
}) {
  const pick = (name: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(name);
    }
  };
  return (
    <div className="bh-variables" data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text> <Typography.Text type="secondary">{hint}</Typography.Text>
      <div className="bh-variables__chips">
        {variables.map((v) => (
          <Tooltip key={v.name} title={v.detail} placement="left">
            <Tag className="bh-variables__chip" color="blue" role="button" tabIndex={0} onClick={() => onPick(v.name)} onKeyDown={pick(v.name)}>
              {v.label}
            </Tag>
          </Tooltip>
        ))}
      </div>
    </div>
  );
}

export interface UsedVariable {
  name: string;
  /** Its label; none for a value typed in when sending (the text says so) or an unknown variable. */
  label: string;
  /** An unknown variable: the server refuses it; shown in red with this reason. */
  problem?: string;
}

/** The variables a text uses, by label, under the field (an unknown one in red). Nothing when none. */
export function UsedVariables({ title, field, of }: { title: string; field: string; of: (text: string) => UsedVariable[] }) {
  const text = Form.useWatch(field) as string | undefined;
  const used = of(text ?? '');
  if (used.length === 0) return null;
  return (
    <div className="bh-variables__used" data-testid="used-variables">
      <span className="bh-variables__used-title">{title}</span>
      {used.map((v) =>
        v.problem ? (
          <Tooltip key={v.name} title={v.problem}>
            <Tag color="red">{v.label}</Tag>
          </Tooltip>
        ) : (
          <Tag key={v.name}>{v.label}</Tag>
        ),
      )}
    </div>
  );
}
