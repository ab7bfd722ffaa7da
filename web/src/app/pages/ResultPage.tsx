import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../shared/i18n/usePageTitle';
import { AntdScope } from '../../shared/ui/AntdScope';
import './ResultPage.css';

interface ResultPageProps {
  status: ResultProps['status'];
  code: string;
  title: string;
  description: string;
}

/** A full-page antd Result with a button back to the home page (404, 401). */
export function ResultPage({ status, code, title, description }: ResultPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <AntdScope>
      <main className="bh-result-page">
        <Result
          status={status}
          title={code}
          subTitle={
            <>
              <strong className="bh-result-page__title">{title}</strong>
              <span>{description}</span>
            </>
          }
          extra={
            <Button type="primary" onClick={() => navigate('/', { replace: true })}>
              {t('errors.backHome')}
            </Button>
          }
        />
      </main>
    </AntdScope>
  );
}
