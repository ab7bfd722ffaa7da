import { App, Form, Modal, type FormInstance, type ModalFuncProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, namePath } from '../api/errors';
import { useUi } from '../settings/store';
import { CRUD_NS } from './locales';
// The side-label layout (.bh-form-dialog): also on a page without a ListPage (数据字典).
import './crud.css';

export interface FormDialogProps<Values> {
  open: boolean;
  title: string;
  /** Spec §9's dialog width by default. */
  width?: number;
  initialValues?: Partial<Values>;
  onClose: () => void;
  /** Saves; a rejection with the server's `data.fields` marks those fields (code 400). */
  onSubmit: (values: Values) => Promise<unknown>;
  okText?: string;
  labelWidth?: number;
  /**
   * The form field that shows a server field's message where the names differ (the customer's
   * `provinceCode`, `cityCode` and `districtCode` are one `area` cascader).
   */
  fieldNames?: Record<string, string>;
  /** The save button greyed out (the dialog shows why): nothing is submitted, not even with Enter. */
  okDisabled?: boolean;
  /**
   * A question asked once the form is valid and before `onSubmit` (a reversal, a last approval):
   * the confirmation never opens over a form that still has errors. No question for a falsy answer.
   */
  confirm?: (values: Values) => string | null | undefined;
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
}

/**
 * A create/edit dialog: an antd form that validates on blur, saves through `onSubmit`, shows the
 * server's validation messages under their fields and closes only when the save succeeded. A
 * click outside does not close it (no typed data is lost by a stray click).
 */
export function FormDialog<Values extends object>(props: FormDialogProps<Values>) {
  // Each opening gets a new form (and so its own initial values): an antd form instance keeps the
  // values of its previous opening over new initial values.
  const [openings, setOpenings] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpenings(openings + 1);
  }
  return <DialogInstance<Values> key={openings} {...props} />;
}

function DialogInstance<Values extends object>(props: FormDialogProps<Values>) {
  const { open, title, width = 550, initialValues, onClose, onSubmit, okText, labelWidth = 100, fieldNames, okDisabled = false, confirm, children } = props;
  const { t } = useTranslation(CRUD_NS);
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  // A phone: labels above their fields (one layout for every dialog; side labels leave no room).
  const mobile = useUi().device === 'mobile';
  const [saving, setSaving] = useState(false);


  const submit = async () => {
    if (okDisabled) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const question = confirm?.(values);
    // (The App's modal when there is one, for its theme and locale; antd's static one otherwise.)
    if (question && !(await ask((modal as typeof modal | undefined) ?? Modal, question, t('ok'), t('cancel')))) return;
    setSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      const names = Object.keys(fields);
      if (names.length > 0) {
        form.setFields(names.map((name) => ({ name: namePath(fieldNames?.[name] ?? name) as never, errors: [fields[name] ?? ''] })));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ disabled: okDisabled }}
      okText={okText ?? t('ok')}
      cancelText={t('cancel')}
    >
      <Form<Values>
        form={form}
        {...(mobile
          ? { layout: 'vertical' as const }
          : { layout: 'horizontal' as const, labelCol: { flex: `${labelWidth}px` }, labelWrap: true, wrapperCol: { flex: 1 } })}
        validateTrigger="onBlur"
        // An error clears as soon as its field is edited (it is checked again on leaving the
        // field or on submit), so a corrected field no longer reads as wrong while typing.
        onValuesChange={(changed: object) => {
          const edited = Object.keys(changed);
          const stale = form.getFieldsError().filter((f) => f.errors.length > 0 && edited.includes(String(f.name[0])));
          if (stale.length > 0) form.setFields(stale.map((f) => ({ name: f.name as never, errors: [] })));
        }}
        initialValues={initialValues}
        className="bh-form-dialog"
        onFinish={() => void submit()}
      >
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}

/** A yes/no question in a confirmation dialog; resolves true on OK. */
function ask(modal: { confirm: (config: ModalFuncProps) => unknown }, question: string, okText: string, cancelText: string): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({ title: question, okText, cancelText, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}
