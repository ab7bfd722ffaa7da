import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderView } from './api';
import { BUSINESS_NS } from './locales';

/** The reviewer's return: the reason and what to fix (a RETURNED order). */
export function ReturnNotice({ view }: { view: OrderView }) {
  const { t } = useTranslation(BUSINESS_NS);
  const fields = view.returnFields ?? [];
  return (
    <Alert
      type="warning"
      showIcon
      className="bh-order-outcomes"
      data-testid="return-notice"
      title={t('returnedBy', { count: view.order.returnCount })}
      description={
        <>
          <div>
            {t('returnReason')}: {view.order.returnReason || '—'}
          </div>
          {fields.length > 0 ? (
            <div>
              {t('returnFields')}: {fields.map((f) => t(`field.${f}`, { defaultValue: f })).join('、')}
            </div>
          ) : null}
        </>
      }
    />
  );
}
