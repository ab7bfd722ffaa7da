import { useTranslation } from 'react-i18next';
import { ResultPage } from './ResultPage';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <ResultPage
      status="403"
      code="401"
      title={t('errors.unauthorizedTitle')}
      description={t('errors.unauthorized')}
    />
  );
}
