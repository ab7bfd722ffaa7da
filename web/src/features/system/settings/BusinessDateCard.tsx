import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { configApi, type BusinessDate } from '../api';
import { SYSTEM_NS } from '../locales';
import { timeInZone } from './zonedTime';

const STATUS_COLORS: Record<string, string> = { RUNNING: 'processing', DONE: 'success', FAILED: 'error' };

type Job = BusinessDate['jobs'][number];

/** 系统设置's read-only business date: today's business date, the server time, the daily schedule and each daily job's last run. */
export function BusinessDateCard() {
  const { t } = useTranslation(SYSTEM_NS);
  const query = useQuery({ queryKey: ['config', 'system', 'business-date'], queryFn: configApi.businessDate, refetchInterval: 60_000 });
  const data = query.data;
  return (
    <Card title={t('basicSet.businessDate')} size="small" className="bh-settings__business-date">
      {data ? (
        <>
          <Descriptions
            size="small"
            layout="vertical"
            colon={false}
            column={{ xs: 1, sm: 1, md: 3 }}
            items={[
              { key: 'today', label: t('basicSet.today'), children: <strong className="bh-settings__date">{data.businessDate}</strong> },
              { key: 'server', label: t('basicSet.serverTime'), children: (
                  <span>
                    {timeInZone(data.serverTime, data.timeZone)} <span className="bh-settings__muted">{data.timeZone}</span>
                  </span>
                ),
              },
              {
                key: 'at',
                label: t('basicSet.dailyJobsAt'),
                children: data.dailyJobsAt ? t('basicSet.dailyJobsAtValue', { time: data.dailyJobsAt, zone: data.timeZone }) : t('basicSet.dailyJobsOff'),
              },
            ]}
          />
          <p className="bh-settings__muted bh-settings__help">{t('basicSet.businessDateHelp')}</p>
          <Table<Job>
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={data.jobs}
            columns={[
              {
                key: 'job',
                title: t('basicSet.job'),
                render: (_, job) => (
                  <div>
                    <strong title={job.name}>{t(`basicSet.jobNames.${job.name}`, { defaultValue: job.name })}</strong>
                    <div className="bh-settings__muted">{t(`basicSet.jobLabels.${job.name}`, { defaultValue: job.about })}</div>
                  </div>
                ),
              },
              { key: 'lastDate', title: t('basicSet.lastDate'), width: 170, render: (_, job) => job.lastDate ?? t('basicSet.neverRun') },
              {
                key: 'lastStatus',
                title: t('basicSet.lastStatus'),
                width: 130,
                render: (_, job) =>
                  job.lastStatus ? <Tag color={STATUS_COLORS[job.lastStatus] ?? 'default'}>{t(`basicSet.jobStatus.${job.lastStatus}`, { defaultValue: job.lastStatus })}</Tag> : '—',
              },
            ]}
          />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}
