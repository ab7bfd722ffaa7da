import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';

/**
 * A file chosen in a form (Form.Item's value and onChange pass through); nothing is sent until the
 * form is saved, with the form's other fields in one multipart request.
 */
export function FilePick({
  value,
  onChange,
  accept,
  label,
  testId,
}: {
  value?: File | null;
  onChange?: (file: File | null) => void;
  accept: string;
  /** The button's text (选择文件). */
  label: string;
  testId?: string;
}) {
  return (
    <Upload
      accept={accept}
      maxCount={1}
      beforeUpload={(chosen) => {
        onChange?.(chosen);
        return false;
      }}
      onRemove={() => onChange?.(null)}
      fileList={value ? [{ uid: 'chosen', name: value.name, status: 'done' }] : []}
    >
      <Button icon={<UploadOutlined />} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}
