import type { App } from 'antd';

/** Asks a yes/no question; resolves true on OK. */
export function askFirst(modal: ReturnType<typeof App.useApp>['modal'], content: string): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({ title: content, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}
