/** Spec §5, §9: the change-password form's rules and constants. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 30;
export const DIALOG_WIDTH = 550;
/** Spec §8, §9: the logout follows the success message after this delay. */
export const LOGOUT_DELAY_MS = 1000;
/** How long the success message stays (as long as error messages, the product specification). */
export const MESSAGE_SECONDS = 2;

/** The form's fields; `newPassword2` (the confirmation) is never sent. */
export interface PasswordValues {
  passwordOld: string;
  passwordNew: string;
  newPassword2: string;
}

/** Characters as antd's length rule counts them (code points). */
const length = (value: string) => [...value].length;

/** The rules of the product specification as one predicate: all filled, new password 6 to 30 characters, confirmation equal. */
export function canSubmit(values: Partial<PasswordValues> | undefined): boolean {
  const { passwordOld = '', passwordNew = '', newPassword2 = '' } = values ?? {};
  return (
    passwordOld !== '' &&
    length(passwordNew) >= PASSWORD_MIN_LENGTH &&
    length(passwordNew) <= PASSWORD_MAX_LENGTH &&
    newPassword2 === passwordNew
  );
}
