import { App, Button, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import type { UploadedImage } from './api';
import { AuthImage } from './AuthImage';
import { CONTENT_NS } from './locales';

/**
 * A form control whose value is an uploaded image's file id: shows the image (through its guarded
 * preview route) and uploads a new one at once, so the record only carries the id.
 */
export function ImageField({
  value,
  onChange,
  upload,
  previewPath,
  width,
  height,
}: {
  value?: number | null;
  onChange?: (fileId: number) => void;
  upload: (file: File) => Promise<UploadedImage>;
  previewPath: (fileId: number) => string;
  width: number;
  height: number;
}) {
  const { t } = useTranslation(CONTENT_NS);
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <div className="bh-banner-upload">
      {value ? <AuthImage path={previewPath(value)} width={width} height={height} alt="" /> : null}
      <div>
        <Upload
          accept="image/jpeg,image/png,image/webp,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading(true);
            upload(file)
              .then((uploaded) => onChange?.(uploaded.fileId))
              .catch((error: unknown) => {
                void message.error(t('common.uploadFailed', { message: isApiError(error) ? error.msg : String(error) }));
              })
              .finally(() => setUploading(false));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {value ? t('common.replaceImage') : t('common.uploadImage')}
          </Button>
        </Upload>
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 12 }}>
          {t('common.uploadHint')}
        </Typography.Paragraph>
      </div>
    </div>
  );
}
