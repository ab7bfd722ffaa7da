import { useTranslation } from 'react-i18next';

/**
 * The customer screens' fixed lists: statuses, which the server's code decides (not data-dictionary
 * types; `crates/domain/src/customer.rs` checks the same codes). Customer kind, ID type, vehicle
 * usage and file kind come from the data dictionary (`DictSelect` / `DictLabel`).
 */
export const OPTION_CODES = {
  status: ['ENABLED', 'DISABLED'],
  kycStatus: ['PENDING', 'VERIFIED', 'REJECTED'],
} as const;

export type OptionKind = keyof typeof OPTION_CODES;

type Labels = { [K in OptionKind]: Record<(typeof OPTION_CODES)[K][number], string> };

const zh: Labels = {
  status: { ENABLED: '正常', DISABLED: '停用' },
  kycStatus: { PENDING: '待认证', VERIFIED: '已认证', REJECTED: '认证失败' },
};

const en: Labels = {
  status: { ENABLED: 'Active', DISABLED: 'Disabled' },
  kycStatus: { PENDING: 'Pending', VERIFIED: 'Verified', REJECTED: 'Rejected' },
};

const es: Labels = {
  status: { ENABLED: 'Activo', DISABLED: 'Desactivado' },
  kycStatus: { PENDING: 'Pendiente', VERIFIED: 'Verificado', REJECTED: 'Rechazado' },
};

const ja: Labels = {
  status: { ENABLED: '有効', DISABLED: '停止' },
  kycStatus: { PENDING: '未認証', VERIFIED: '認証済み', REJECTED: '認証失敗' },
};

export const optionLabels = { zh, en, es, ja };

/** The choices of one list, labelled in the current language. */
export function useOptions(kind: OptionKind): { value: string; label: string }[] {
  const label = useOptionLabel();
  return OPTION_CODES[kind].map((code) => ({ value: code, label: label(kind, code) }));
}

/** The label of a code (the code itself when unknown). */
export function useOptionLabel(): (kind: OptionKind, code: string | null | undefined) => string {
  const { t } = useTranslation('customer');
  return (kind, code) => (code ? t(`options.${kind}.${code}`, { defaultValue: code }) : '');
}
