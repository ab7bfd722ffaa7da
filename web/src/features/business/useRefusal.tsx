import { Alert } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../shared/api/errors';

/**
 * For the command dialogs of the order screens: a refusal the user must understand (403: the
 * maker may not check their own work, or a missing permission; 409: the order moved on) shows as
 * an alert inside the dialog, which stays open; field errors (400) show under their fields.
 */
export function useRefusal(): [ReactNode, <T>(run: () => Promise<T>) => Promise<T>] {
  const [refusal, setRefusal] = useState<string | null>(null);
  const guard = async <T,>(run: () => Promise<T>): Promise<T> => {
    setRefusal(null);
    try {
      return await run();
    } catch (error) {
      if (isApiError(error) && (error.code === 403 || error.code === 409)) setRefusal(error.msg);
      throw error;
    }
  };
  const alert = refusal ? <Alert type="error" showIcon title={refusal} className="bh-order-outcomes" data-testid="refusal" /> : null;
  return [alert, guard];
}

