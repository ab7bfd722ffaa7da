import { Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../api/errors';
import { showSuccess } from '../../api/notifier';
import { addResources } from '../../i18n';
import { AntdScope } from '../../ui/AntdScope';
import { accountKind } from '../account';
import { useLogout } from '../logout';
import { changePassword } from './api';
import { passwordResources } from './locales';
import {
  canSubmit,
  DIALOG_WIDTH,
  LOGOUT_DELAY_MS,
  MESSAGE_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordValues,
} from './rules';

addResources('password', passwordResources);

type Values = PasswordValues;
type FieldName = keyof Values;
const FIELD_NAMES: readonly FieldName[] = ['passwordOld', 'passwordNew', 'newPassword2'];

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * '修改登录密码' (the product specification): a 550 px dialog that clicking outside or pressing Escape does not
 * close. After a successful change the user is logged out (the server has ended the session).
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation('password');
  return (
    <AntdScope>
      <Modal
        open={open}
        title={t('title')}
        width={DIALOG_WIDTH}
        mask={{ closable: false }}
        keyboard={false}
        footer={null}
        destroyOnHidden
        onCancel={onClose}
      >
        <PasswordForm onCancel={onClose} />
      </Modal>
    </AntdScope>
  );
}

function PasswordForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('password');
  const [form] = Form.useForm<Values>();
  // Submission is blocked while a field is empty or invalid (the product specification), without showing messages
  // for fields the user has not left yet.
  const submittable = canSubmit(Form.useWatch([], form));
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const logout = useLogout();

  const submit = async ({ passwordOld, passwordNew }: Values) => {
    if (submitting || done) return; // Enter pressed again while the call is under way
    setSubmitting(true);
    try {
      await changePassword(accountKind() ?? 'admin', passwordOld, passwordNew);
    } catch (error) {
      // The request layer has shown the server's message ('原密码不正确'); field messages go to their fields.
      const byField = fieldErrors(error);
      form.setFields(FIELD_NAMES.filter((name) => byField[name]).map((name) => ({ name, errors: [byField[name] ?? ''] })));
      setSubmitting(false);
      return;
    }
    setDone(true);
    void showSuccess(t('success'), MESSAGE_SECONDS);
    // The server ended every session of the account with the change: only the browser's copy is left.
    window.setTimeout(() => void logout({ tellServer: false }), LOGOUT_DELAY_MS);
  };

  const lengthRule = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('length') };
  return (
    <Form<Values> form={form} layout="vertical" validateTrigger="onBlur" onFinish={(v) => void submit(v)}>
      <Form.Item name="passwordOld" label={t('passwordOld')} rules={[{ required: true, message: t('passwordOldRequired') }]}>
        <Input.Password autoComplete="current-password" maxLength={64} placeholder={t('passwordOldRequired')} />
      </Form.Item>
      <Form.Item
        name="passwordNew"
        label={t('passwordNew')}
        rules={[{ required: true, message: t('passwordNewRequired') }, lengthRule]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} placeholder={t('passwordNewRequired')} />
      </Form.Item>
      <Form.Item
        name="newPassword2"
        label={t('newPassword2')}
        dependencies={['passwordNew']}
        rules={[
          { required: true, message: t('newPassword2Required') },
          ({ getFieldValue }) => ({
            validator: async (_, value: unknown) => {
              if (!value || value === getFieldValue('passwordNew')) return;
              throw new Error(t('mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} placeholder={t('newPassword2Required')} />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onCancel} disabled={submitting}>
          {t('cancel')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={!submittable || done} loading={submitting && !done}>
          {t('submit')}
        </Button>
      </Flex>
    </Form>
  );
}
