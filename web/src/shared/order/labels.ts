import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_NS } from './status';

/** The label of a status code in the interface language. */
export function useStatusLabel(): (code: string | null | undefined) => string {
  const { t } = useTranslation(ORDER_STATUS_NS);
  return (code) => (code ? t(`status.${code}`, { defaultValue: code }) : '');
}

/** The label of an event code in the interface language (the server's label, else the code, when unknown). */
export function useEventLabel(): (code: string, fallback?: string) => string {
  const { t } = useTranslation(ORDER_STATUS_NS);
  return (code, fallback) => t(`event.${code}`, { defaultValue: fallback ?? code });
}
