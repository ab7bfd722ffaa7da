import type { Language } from '../../i18n/languages';

/** The `password` namespace (change-password dialog, the product specification), registered with the dialog's chunk. */
const zh = {
  title: '修改登录密码',
  passwordOld: '原密码',
  passwordNew: '新密码',
  newPassword2: '确认新密码',
  passwordOldRequired: '请输入原密码',
  passwordNewRequired: '请输入新密码',
  newPassword2Required: '请确认新密码',
  mismatch: '两次输入密码不一致!',
  length: '密码长度为 6 到 30 个字符',
  success: '修改成功,请重新登录',
  submit: '确定',
  cancel: '取消',
};

type PasswordDictionary = { [K in keyof typeof zh]: string };

const en: PasswordDictionary = {
  title: 'Change sign-in password',
  passwordOld: 'Current password',
  passwordNew: 'New password',
  newPassword2: 'Confirm new password',
  passwordOldRequired: 'Enter your current password',
  passwordNewRequired: 'Enter a new password',
  newPassword2Required: 'Confirm the new password',
  mismatch: 'The two passwords do not match!',
  length: 'The password must be 6 to 30 characters long',
  success: 'Password changed. Please sign in again.',
  submit: 'OK',
  cancel: 'Cancel',
};

const es: PasswordDictionary = {
  title: 'Cambiar la contraseña de acceso',
  passwordOld: 'Contraseña actual',
  passwordNew: 'Nueva contraseña',
  newPassword2: 'Confirmar nueva contraseña',
  passwordOldRequired: 'Introduzca su contraseña actual',
  passwordNewRequired: 'Introduzca una nueva contraseña',
  newPassword2Required: 'Confirme la nueva contraseña',
  mismatch: '¡Las dos contraseñas no coinciden!',
  length: 'La contraseña debe tener entre 6 y 30 caracteres',
  success: 'Contraseña cambiada. Vuelva a iniciar sesión.',
  submit: 'Aceptar',
  cancel: 'Cancelar',
};

const ja: PasswordDictionary = {
  title: 'ログインパスワードの変更',
  passwordOld: '現在のパスワード',
  passwordNew: '新しいパスワード',
  newPassword2: '新しいパスワード（確認）',
  passwordOldRequired: '現在のパスワードを入力してください',
  passwordNewRequired: '新しいパスワードを入力してください',
  newPassword2Required: '新しいパスワードを確認してください',
  mismatch: '2つのパスワードが一致しません！',
  length: 'パスワードは6〜30文字で入力してください',
  success: 'パスワードを変更しました。再度ログインしてください。',
  submit: 'OK',
  cancel: 'キャンセル',
};

export const passwordResources: Record<Language, PasswordDictionary> = { zh, en, es, ja };
