import type * as FeedbackModule from './antdFeedback';

/**
 * Messages and dialogs for code outside React (the request layer). antd is imported on demand so
 * that it stays out of the entry chunk: it is fetched the first time something must be shown.
 * Tests replace this module with `vi.mock`.
 */
export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

export interface AlertOptions {
  title: string;
  content: string;
  okText: string;
}

type Feedback = typeof FeedbackModule;

let feedback: Promise<Feedback> | undefined;

function loadAntd(): Promise<Feedback> {
  feedback ??= import('./antdFeedback');
  feedback.catch(() => {
    feedback = undefined; // a failed chunk load is retried next time
  });
  return feedback;
}

/** A red error message that disappears after `seconds`. */
export async function showError(content: string, seconds: number): Promise<void> {
  try {
    const { message } = await loadAntd();
    void message.error({ content, duration: seconds });
  } catch {
    console.error(content);
  }
}

/** A success message that disappears after `seconds`. */
export async function showSuccess(content: string, seconds: number): Promise<void> {
  try {
    const { message } = await loadAntd();
    void message.success({ content, duration: seconds });
  } catch {
    console.info(content);
  }
}

/** A confirm dialog; resolves true when the user confirms, false when they cancel. */
export async function showConfirm(options: ConfirmOptions): Promise<boolean> {
  try {
    const { Modal } = await loadAntd();
    return await new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText,
        cancelText: options.cancelText,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  } catch {
    return window.confirm(`${options.title}\n\n${options.content}`);
  }
}

/** An alert with a single button; resolves when it is acknowledged. */
export async function showAlert(options: AlertOptions): Promise<void> {
  try {
    const { Modal } = await loadAntd();
    await new Promise<void>((resolve) => {
      Modal.warning({
        title: options.title,
        content: options.content,
        okText: options.okText,
        closable: false,
        keyboard: false,
        maskClosable: false,
        onOk: () => resolve(),
      });
    });
  } catch {
    window.alert(`${options.title}\n\n${options.content}`);
  }
}
