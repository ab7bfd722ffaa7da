import { Alert, Button, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import './PdfPreviewModal.css';

export interface PdfPreviewTexts {
  title: string;
  openInTab: string;
  close: string;
  loading: string;
}

/**
 * A PDF the server renders, in a dialog with a button to open it in its own tab. `load` fetches
 * the PDF of `id` and answers an object URL (see shared/api/pdf); the URL is revoked when the
 * dialog closes or shows another document. Give a stable `load` (an API object's function).
 */
export function PdfPreviewModal({
  id,
  load,
  texts,
  testId,
  onClose,
}: {
  id: number | null;
  load: (id: number) => Promise<string>;
  texts: PdfPreviewTexts;
  testId: string;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return undefined;
    let cancelled = false;
    let made: string | null = null;
    load(id)
      .then((objectUrl) => {
        made = objectUrl;
        if (cancelled) URL.revokeObjectURL(objectUrl);
        else setUrl(objectUrl);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
      setError(null);
    };
  }, [id, load]);
  return (
    <Modal
      open={id !== null}
      title={texts.title}
      width={960}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="tab" disabled={!url} onClick={() => url && window.open(url, '_blank', 'noopener')}>
          {texts.openInTab}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {texts.close}
        </Button>,
      ]}
    >
      {error ? (
        <Alert type="error" showIcon title={error} />
      ) : url ? (
        <iframe title={testId} src={url} className="bh-pdf-preview" data-testid={testId} />
      ) : (
        <div className="bh-pdf-preview bh-pdf-preview--loading">
          <Spin description={texts.loading}>
            <div style={{ width: 200, height: 80 }} />
          </Spin>
        </div>
      )}
    </Modal>
  );
}
