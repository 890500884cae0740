import { Type } from 'typebox';
import { defineContract } from './contract.ts';

export const unreadCount = defineContract({
  method: 'GET',
  path: '/Notifications/UnreadCount',
  service: 'notifications',
  access: 'session',
  summary: "The signed-in user's unread notifications",
  response: { 200: Type.Object({ unreadNotificationsCount: Type.Integer({ minimum: 0 }) }) },
});
