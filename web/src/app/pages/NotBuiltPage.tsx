import { Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SHELL_NS } from '../../layout/locales';
import { trailOf } from '../../shared/routing/table';
import { routeTable } from '../../shared/routing/routes';
import './NotBuiltPage.css';

/**
 * A screen of the product specification whose capability is not built yet: its title and an honest sentence that
 * it is not available — never sample data.
 */
export function NotBuiltPage() {
  const { t } = useTranslation(SHELL_NS);
  const { pathname } = useLocation();
  // The page's own path, fixed at mount (a kept-alive page stays itself while another tab shows).
  const [path] = useState(pathname);
  const screen = trailOf(routeTable, path).at(-1);
  const title = screen ? t(screen.meta.title) : '';
  return (
    <section className="bh-not-built">
      <h1 className="bh-not-built__title">{title}</h1>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.notBuilt')} />
    </section>
  );
}
