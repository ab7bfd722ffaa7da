import { CheckCircleOutlined, ExclamationCircleOutlined, InfoCircleOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYuan } from '../../../shared/format/money';
import { capitalApi } from '../api';
import { CAPITAL_NS } from '../locales';
import { capitalTodos, creditUsagePercent } from './todos';
import './home.css';

/**
 * The capital provider user's part of the home page: its available credit (of the limit, what is
 * reserved and used) and its to-dos, from its own calls (`GET /capital/account/info`,
 * `GET /capital/signature`). The queries share the keys of 资金账户信息 and 电子签章账户, so those
 * screens open with the figures already loaded.
 */
export function CapitalHome() {
  const { t } = useTranslation(CAPITAL_NS);
  const info = useQuery({ queryKey: ['capital.accountInfo'], queryFn: () => capitalApi.accountInfo() });
  const esign = useQuery({ queryKey: ['capital.esign'], queryFn: () => capitalApi.esign() });
  const p = info.data?.provider;
  const todos = capitalTodos(info.data, esign.data);
  return (
    <div className="bh-capital-home">
      <section className="bh-capital-home__card" aria-labelledby="capital-credit">
        <h2 id="capital-credit">{t('home.credit')}</h2>
        {info.isError ? <Alert type="warning" showIcon title={t('home.failed')} /> : null}
        {p ? (
          <>
            <div className="bh-capital-home__label">{t('home.available')}</div>
            <div className="bh-capital-home__available" data-testid="capital-available">
              {formatYuan(p.creditAvailableFen)}
            </div>
            <Progress percent={creditUsagePercent(p.creditLimitFen, p.creditReservedFen, p.creditUsedFen)} showInfo={false} size="small" />
            <div className="bh-capital-home__hint">{t('home.usage', { percent: creditUsagePercent(p.creditLimitFen, p.creditReservedFen, p.creditUsedFen) })}</div>
            <dl className="bh-capital-home__figures">
              <div>
                <dt>{t('home.limit')}</dt>
                <dd>{formatYuan(p.creditLimitFen)}</dd>
              </div>
              <div>
                <dt>{t('home.reserved')}</dt>
                <dd>{formatYuan(p.creditReservedFen)}</dd>
              </div>
              <div>
                <dt>{t('home.used')}</dt>
                <dd>{formatYuan(p.creditUsedFen)}</dd>
              </div>
            </dl>
          </>
        ) : null}
      </section>
      <section className="bh-capital-home__card" aria-labelledby="capital-todos">
        <h2 id="capital-todos">{t('home.todos')}</h2>
        {todos.length === 0 && info.data && esign.data ? (
          <p className="bh-capital-home__none">
            <CheckCircleOutlined /> {t('home.noTodos')}
          </p>
        ) : (
          <ul className="bh-capital-home__todos" data-testid="capital-todos">
            {todos.map((todo) => (
              <li key={todo.key} className={todo.actionable ? 'bh-capital-home__todo bh-capital-home__todo--act' : 'bh-capital-home__todo'}>
                {todo.actionable ? <ExclamationCircleOutlined /> : <InfoCircleOutlined />}
                <span className="bh-capital-home__todo-text">{t(`home.${todo.key}`)}</span>
                <Link to={todo.path}>
                  {todo.actionable ? t('home.handle') : t('home.view')} <RightOutlined />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
