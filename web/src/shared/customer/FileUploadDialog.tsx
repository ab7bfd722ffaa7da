import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Upload } from 'antd';
import { useState } from 'react';
import { DictSelect } from '../dictionary/DictSelect';

/** The texts of the dialog, in the caller's namespace (a customer file, an order document). */
export interface FileUploadTexts {
  title: string;
  kind: string;
  choose: string;
  chooseHint: string;
  /** No file chosen. */
  required: string;
  /** The request itself failed (no answer). */
  failed: string;
  remark: string;
}

/** What the upload answers: the envelope, so the dialog shows the server's message (type, size). */
export type UploadAnswer = Promise<{ code: number; msg: string }>;

/**
 * Uploads one file of a kind from the data dictionary (`kindType`) with a remark: the customer's
 * files and an order's documents. The server's refusal (type, size) stays in the dialog under the
 * file; success closes it.
 */
export function FileUploadDialog({
  kindType,
  texts,
  upload,
  onClose,
  onUploaded,
}: {
  kindType: string;
  texts: FileUploadTexts;
  upload: (kind: string, remark: string, file: File) => UploadAnswer;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const [form] = Form.useForm<{ kind: string; remark?: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setError(texts.required);
      return;
    }
    setBusy(true);
    try {
      const reply = await upload(values.kind, values.remark ?? '', file);
      if (reply.code === 200) {
        onUploaded();
        onClose();
      } else {
        setError(reply.msg);
      }
    } catch {
      setError(texts.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={texts.title} width={550} mask={{ closable: false }} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="horizontal" labelCol={{ flex: '100px' }} initialValues={{ kind: 'ID_FRONT' }}>
        <Form.Item name="kind" label={texts.kind} rules={[{ required: true }]}>
          <DictSelect type={kindType} />
        </Form.Item>
        <Form.Item label={texts.choose} required validateStatus={error ? 'error' : undefined} help={error ?? texts.chooseHint}>
          <Upload
            accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setError(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>{texts.choose}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="remark" label={texts.remark}>
          <Input maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
