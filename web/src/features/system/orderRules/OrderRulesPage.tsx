import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ORDER_RULES_NS } from './locales';
import { ProductsTab } from './ProductsTab';
import { RulesTab } from './RulesTab';
import './orderRules.css';

const TAB_PARAM = 'tab';

/**
 * 订单规则配置 (admin:config:order): the versioned financing products with their schedule
 * calculator, and the order rules (deadlines, re-quote tolerance, defaults, delinquency buckets).
 */
export function OrderRulesPage() {
  const { t } = useTranslation(ORDER_RULES_NS);
  const [params, setParams] = useSearchParams();
  const tab = params.get(TAB_PARAM) === 'rules' ? 'rules' : 'products';
  return (
    <div className="bh-order-rules">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'rules' ? { [TAB_PARAM]: 'rules' } : {}, { replace: true })}
        items={[
          { key: 'products', label: t('tabs.products'), children: <ProductsTab /> },
          { key: 'rules', label: t('tabs.rules'), children: <RulesTab /> },
        ]}
        destroyOnHidden
      />
    </div>
  );
}
