import type { FormInstance } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, type RefObject } from 'react';

/**
 * A text area's ref and the function that writes `token` into form field `field` at its cursor
 * (replacing a selection), then puts the cursor after it.
 */
export function useInsertAtCursor<Values>(form: FormInstance<Values>, field: string): [RefObject<TextAreaRef | null>, (token: string) => void] {
  const area = useRef<TextAreaRef>(null);
  const insert = (token: string) => {
    const element = area.current?.resizableTextArea?.textArea;
    const value = String((form.getFieldValue(field as never) as unknown) ?? '');
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    form.setFieldValue(field as never, value.slice(0, start) + token + value.slice(end));
    window.requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return [area, insert];
}

