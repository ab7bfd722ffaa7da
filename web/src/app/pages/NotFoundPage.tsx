import { useTranslation } from 'react-i18next';
import { ResultPage } from './ResultPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ResultPage status="404" code="404" title={t('errors.notFoundTitle')} description={t('errors.notFound')} />;
}
