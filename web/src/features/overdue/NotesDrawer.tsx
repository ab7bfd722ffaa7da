import { CalendarOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Drawer, Empty, Form, Input, Radio, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../shared/api/errors';
import { loadInline } from '../../shared/api/request';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { useUi } from '../../shared/settings/store';
import { overdueApi } from './api';
import { MAX_PROMISE_DAYS, NOTE_FIELDS, noteBody, promiseAmountProblem, promiseDayOutOfRange, type NoteValues } from './logic';
import { OVERDUE_NS } from './locales';
import { BucketTag, DaysPastDue } from './parts';
import { METHODS, type CollectionNoteData, type OrderRowData } from './types';

const METHOD_COLORS: Record<string, string> = { PHONE: 'blue', SMS: 'cyan', VISIT: 'purple', LETTER: 'geekblue', OTHER: 'default' };

const notesKey = (orderId: number) => ['overdue', 'notes', orderId];

/**
 * 催收记录 of an order: its notes newest first (time, author, method, whom, what came of it, a
 * promise to pay) under a form that adds one. The server's field messages show under their
 * fields; after an addition the notes are read again.
 */
export function NotesDrawer({ order, onClose }: { order: OrderRowData; onClose: () => void }) {
  const { t } = useTranslation(OVERDUE_NS);
  const mobile = useUi().device === 'mobile';
  const notes = useQuery({ queryKey: notesKey(order.id), queryFn: () => loadInline(() => overdueApi.notes(order.id)) });
  return (
    <Drawer
      open
      size={mobile ? Math.min(window.innerWidth, 560) : 600}
      title={t('notes.title', { no: order.orderNo })}
      onClose={onClose}
      destroyOnHidden
      className="bh-overdue__drawer"
    >
      <div className="bh-overdue__facts" data-testid="notes-facts">
        <span>
          <Typography.Text type="secondary">{t('notes.customer')}</Typography.Text> {order.customerName}{' '}
          <span className="bh-num">{order.customerMobile}</span>
        </span>
        <span>
          <Typography.Text type="secondary">{t('notes.dpd')}</Typography.Text> <DaysPastDue days={order.overdueDays} />{' '}
          <BucketTag bucket={order.bucket} days={order.overdueDays} />
        </span>
        <span>
          <Typography.Text type="secondary">{t('notes.outstanding')}</Typography.Text> <span className="bh-num">{formatYuan(order.outstandingFen)}</span>
        </span>
      </div>
      <NoteForm order={order} onAdded={() => void notes.refetch()} />
      <Typography.Title level={5} className="bh-overdue__heading">
        {t('notes.history', { count: notes.data?.length ?? 0 })}
      </Typography.Title>
      {notes.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('notes.loadFailed')}
          description={notes.error instanceof Error ? notes.error.message : undefined}
          action={
            <Button size="small" icon={<ReloadOutlined />} loading={notes.isFetching} onClick={() => void notes.refetch()}>
              {t('notes.retry')}
            </Button>
          }
        />
      ) : notes.isPending ? (
        <Skeleton active />
      ) : notes.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.empty')} />
      ) : (
        <Timeline className="bh-overdue__timeline" data-testid="notes-timeline" items={notes.data.map((note) => ({ key: note.id, color: note.promisedDate ? 'green' : 'blue', content: <Note note={note} /> }))} />
      )}
    </Drawer>
  );
}

function Note({ note }: { note: CollectionNoteData }) {
  const { t } = useTranslation(OVERDUE_NS);
  return (
    <div className="bh-overdue__note" data-testid="note">
      <div className="bh-overdue__note-head">
        <Tag color={METHOD_COLORS[note.method] ?? 'default'}>{t(`method.${note.method}`, { defaultValue: note.method })}</Tag>
        <span className="bh-overdue__note-contact">{note.contact}</span>
      </div>
      <div className="bh-overdue__note-meta">
        <span className="bh-num">{formatDateTime(note.createdAt)}</span> · {t('notes.by', { name: note.createdByName })}
      </div>
      <div className="bh-overdue__note-result">{note.result}</div>
      {note.promisedDate ? (
        // A promise whose day has passed is greyed: the list says whether the customer kept it.
        <div className={note.promisedDate < dayjs().format('YYYY-MM-DD') ? 'bh-overdue__note-promise bh-overdue__note-promise--past' : 'bh-overdue__note-promise'}>
          <CalendarOutlined />{' '}
          {note.promisedFen !== null
            ? t('notes.promise', { date: note.promisedDate, amount: formatYuan(note.promisedFen) })
            : t('notes.promiseDay', { date: note.promisedDate })}
        </div>
      ) : null}
    </div>
  );
}

/** 添加催收记录: checked as the server checks it; the server's field messages land on their fields. */
function NoteForm({ order, onAdded }: { order: OrderRowData; onAdded: () => void }) {
  const { t } = useTranslation(OVERDUE_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<NoteValues>();
  const [saving, setSaving] = useState(false);
  const today = dayjs();
  const max = formatYuan(Math.max(order.outstandingFen, 0));

  const submit = async () => {
    let values: NoteValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await overdueApi.addNote(order.id, noteBody(values));
      void message.success(t('notes.added'));
      form.resetFields();
      onAdded();
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(Object.entries(fields).map(([name, text]) => ({ name: NOTE_FIELDS[name] ?? name, errors: [text] }) as never));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="bh-overdue__form" aria-label={t('notes.add')}>
      <Typography.Title level={5} className="bh-overdue__heading">
        {t('notes.add')}
      </Typography.Title>
      <Form<NoteValues> form={form} layout="vertical" validateTrigger="onBlur" initialValues={{ method: 'PHONE' }} onFinish={() => void submit()} requiredMark>
        <Form.Item name="method" label={t('form.method')} rules={[{ required: true, message: t('form.methodRequired') }]}>
          <Radio.Group optionType="button" buttonStyle="solid" options={METHODS.map((code) => ({ value: code, label: t(`method.${code}`) }))} />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('form.contact')}
          rules={[
            { required: true, whitespace: true, message: t('form.contactRequired') },
            { max: 64, message: t('form.contactTooLong') },
          ]}
        >
          <Input maxLength={64} placeholder={t('form.contactPlaceholder')} data-testid="note-contact" />
        </Form.Item>
        <Form.Item
          name="result"
          label={t('form.result')}
          rules={[
            { required: true, whitespace: true, message: t('form.resultRequired') },
            { max: 500, message: t('form.resultTooLong') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('form.resultPlaceholder')} data-testid="note-result" />
        </Form.Item>
        <div className="bh-overdue__promise">
          <Form.Item
            name="promisedDate"
            label={t('form.promisedDate')}
            dependencies={['promisedYuan']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: NoteValues['promisedDate']) => {
                  if (value && promiseDayOutOfRange(value, dayjs())) return Promise.reject(new Error(t('form.dateOutOfRange', { days: MAX_PROMISE_DAYS })));
                  const amount = getFieldValue('promisedYuan') as string | undefined;
                  if (!value && amount?.trim()) return Promise.reject(new Error(t('form.amountNeedsDate')));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker className="bh-overdue__promise-date" disabledDate={(day) => promiseDayOutOfRange(day, today)} data-testid="note-date" />
          </Form.Item>
          <Form.Item
            name="promisedYuan"
            label={t('form.promisedYuan')}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const problem = promiseAmountProblem(value, order.outstandingFen);
                  if (problem === 'invalid') return Promise.reject(new Error(t('form.amountInvalid')));
                  if (problem === 'notPositive') return Promise.reject(new Error(t('form.amountNotPositive')));
                  if (problem === 'tooMuch') return Promise.reject(new Error(t('form.amountTooMuch', { max })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" suffix={t('form.yuan')} placeholder={t('form.amountPlaceholder', { max })} data-testid="note-amount" />
          </Form.Item>
        </div>
        <Typography.Paragraph type="secondary" className="bh-overdue__hint">
          {t('form.promiseHint', { days: MAX_PROMISE_DAYS })}
        </Typography.Paragraph>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="note-submit">
            {t('form.submit')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('form.reset')}</Button>
        </Space>
      </Form>
    </section>
  );
}
