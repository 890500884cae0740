import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Tag, DownOutlined, RightOutlined, SettingOutlined, useFeedback } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { notificationList, notificationOptOutUser, notificationResults, notificationUserInstanceList, type NotificationItem } from '@tradeboard/shared/contracts';
import { api, errorMessage, followInApp, navigate, useLocation, useTradeboardStore } from '@tradeboard/shared/web';
import { refresh, useRead } from '../api/admin.ts';
import { acknowledge, resultHref } from '../api/notifications.ts';

const PAGE_SIZE = 25;

/** The rows one delivered notification found, each linking to its account or document. */
function NotificationResults({ notification }: { notification: NotificationItem }): ReactNode {
  const results = useRead(notificationResults, { params: { notificationId: notification.notificationId } });
  if (results.error) return <Alert type="error" showIcon message={errorMessage(results.error)} />;
  return (
    <section aria-label={`Results of ${notification.subject}`}>
      <Table
        size="small"
        rowKey="rowNumber"
        loading={results.isLoading}
        pagination={(results.data?.rows.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 560 }}
        dataSource={results.data?.rows ?? []}
        locale={{ emptyText: 'This notification found no rows' }}
        columns={[
          {
            title: 'Found',
            dataIndex: 'name',
            render: (name: string, row) => {
              const href = resultHref(row);
              return href ? <a href={href} onClick={followInApp(href)}>{name}</a> : name;
            },
          },
          { title: 'Detail', dataIndex: 'detail' },
          { title: 'Company', dataIndex: 'company', render: (company: string | null) => company ?? '—' },
          { title: 'Date', dataIndex: 'date', render: (date: string | null) => date ?? '—' },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number | null) => <span className="tb-admin-value">{amount === null ? '—' : amount.toLocaleString(undefined, { maximumFractionDigits: 2 })}</span>,
          },
        ]}
      />
    </section>
  );
}

type Unsubscribed = { type: 'success' | 'error'; message: string } | null;

/** The e-mail digest's unsubscribe link (/notifications?unsubscribe={alert}&userId={user}): opts out once, then drops the query. */
function useUnsubscribeLink(): Unsubscribed {
  const { search } = useLocation();
  const [outcome, setOutcome] = useState<Unsubscribed>(null);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(search);
    const notificationId = Number(query.get('unsubscribe'));
    const userId = Number(query.get('userId'));
    if (!notificationId || !userId || handled.current === search) return;
    handled.current = search;
    api
      .call(notificationOptOutUser, { params: { notificationId, userId } })
      .then(() => {
        setOutcome({ type: 'success', message: 'You are unsubscribed: this notification will no longer be delivered to you.' });
        return refresh(notificationUserInstanceList);
      })
      .catch((error: unknown) => setOutcome({ type: 'error', message: errorMessage(error) }))
      .finally(() => navigate('/notifications', { replace: true }));
  }, [search]);
  return outcome;
}

/** /notifications: the signed-in user's delivered notifications, newest first; acknowledge one or all; open what each found. */
export default function NotificationsPage(): ReactNode {
  const { message } = useFeedback();
  const [pageNumber, setPage] = useState(1);
  const { search } = useLocation();
  // The e-mail's Open link (/notifications?notificationId=…) opens that notification's rows.
  const [open, setOpen] = useState<number[]>(() => {
    const linked = Number(new URLSearchParams(search).get('notificationId'));
    return linked ? [linked] : [];
  });
  const unread = useTradeboardStore((state) => state.unreadCount);
  const list = useRead(notificationList, { body: { pageNumber, pageSize: PAGE_SIZE } });
  const unsubscribed = useUnsubscribeLink();

  const acknowledgeThese = async (which: Parameters<typeof acknowledge>[0], done: string) => {
    try {
      await acknowledge(which);
      message.success(done);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <div className="tb-admin-page">
      <h1 className="tb-admin-title">Notifications</h1>
      <section className="tb-admin-panel" aria-labelledby="inbox-title">
        <div className="tb-admin-toolbar">
          <h2 id="inbox-title">
            Inbox {unread > 0 ? <Tag color="red">{unread} unread</Tag> : null}
          </h2>
          <span className="tb-admin-actions">
            <Button icon={<SettingOutlined aria-hidden />} onClick={() => navigate('/notifications/management')}>
              Manage notifications
            </Button>
            <Button disabled={unread === 0} onClick={() => void acknowledgeThese({ all: true }, 'Every notification is acknowledged.')}>
              Acknowledge all
            </Button>
          </span>
        </div>
        {unsubscribed ? <Alert type={unsubscribed.type} showIcon message={unsubscribed.message} /> : null}
        {list.error ? <Alert type="error" showIcon message={errorMessage(list.error)} /> : null}
        <Table
          size="middle"
          rowKey="notificationId"
          loading={list.isLoading}
          scroll={{ x: 640 }}
          dataSource={list.data?.notifications ?? []}
          locale={{ emptyText: 'No notifications yet. Set one up under Manage notifications.' }}
          rowClassName={(item) => (item.isAcknowledged ? '' : 'tb-admin-unread')}
          pagination={{ current: pageNumber, pageSize: PAGE_SIZE, total: list.data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          expandable={{
            expandedRowKeys: open,
            onExpandedRowsChange: (keys) => setOpen(keys as number[]),
            expandedRowRender: (item) => <NotificationResults notification={item} />,
            expandIcon: ({ expanded, record, onExpand }) => (
              <Button
                type="text"
                size="small"
                aria-expanded={expanded}
                aria-label={`${expanded ? 'Hide' : 'Show'} results of ${record.subject}`}
                icon={expanded ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
                onClick={(event) => onExpand(record, event)}
              />
            ),
          }}
          columns={[
            {
              title: 'Notification',
              dataIndex: 'subject',
              render: (subject: string, item) => (
                <span className="tb-admin-notification">
                  {item.isAcknowledged ? null : <Tag color="red">Unread</Tag>}
                  <strong>{subject}</strong>
                  <span className="tb-admin-muted">{item.body}</span>
                </span>
              ),
            },
            { title: 'Found', dataIndex: 'resultCount', width: 90, align: 'right', render: (count: number) => <span className="tb-admin-value">{count}</span> },
            { title: 'Delivered', dataIndex: 'createdAt', width: 170, render: (at: string) => new Date(at).toLocaleString() },
            {
              title: <span className="tb-visually-hidden">Actions</span>,
              key: 'actions',
              width: 140,
              render: (_: unknown, item) =>
                item.isAcknowledged ? (
                  <span className="tb-admin-muted">Acknowledged</span>
                ) : (
                  <Button size="small" aria-label={`Acknowledge ${item.subject}`} onClick={() => void acknowledgeThese({ notificationIds: [item.notificationId] }, 'Notification acknowledged.')}>
                    Acknowledge
                  </Button>
                ),
            },
          ]}
        />
      </section>
    </div>
  );
}
