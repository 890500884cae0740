/**
 * Seed 001 §7.10: the SalesGoal, BookingsGoal and ActivityGoal calls (one handler set, three
 * kinds). Management calls need the kind's wizard access and read only the caller's organization
 * (goal-access.ts); goal against actual is in goal-actuals.ts, the template in goal-template.ts.
 * The spreadsheet uploads (Bulk…GoalBatch) replace a config's rows, all or nothing (goal-upload.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  activityGoalsTemplateGeneratorGet,
  bookingsGoalsTemplateGeneratorGet,
  GOAL_CALLS,
  GOAL_GROUP_BY_NAMES,
  GOAL_KIND_NAMES,
  GOAL_KINDS,
  GOAL_SAVE_MAX_BYTES,
  GOAL_UPLOAD_MAX_BYTES,
  type GoalKind,
} from '@tradeboard/shared/contracts';
import { receiveUpload, uploadRoutes, XLSX } from '../files/index.ts';
import { serve } from '../platform/route.ts';
import type { SessionUser } from '../platform/session.ts';
import { goalCaller, requireAdministrator, requireGoalManager, requireGoalReader, type GoalCaller } from './goal-access.ts';
import { goalActuals, goalQuarters, type GoalActualRequest } from './goal-actuals.ts';
import {
  allowedGoalTypes,
  configList,
  deleteConfig,
  exclusions,
  findConfig,
  goalRows,
  groupByList,
  insertConfig,
  insertSetup,
  renameConfig,
  requireRole,
  saveRows,
  setExclusions,
  setupList,
  type ConfigInput,
  type GoalRowInput,
} from './goal-store.ts';
import { goalTemplate } from './goal-template.ts';
import { readGoalSheet, replaceGoalRows } from './goal-upload.ts';

export async function goalRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const manager = async (user: SessionUser, kind: GoalKind): Promise<GoalCaller> => {
    const caller = await goalCaller(db, user, kind);
    requireGoalManager(caller);
    return caller;
  };
  const administrator = async (user: SessionUser, kind: GoalKind): Promise<GoalCaller> => {
    const caller = await goalCaller(db, user, kind);
    requireAdministrator(caller);
    return caller;
  };
  const sendTemplate = async (reply: FastifyReply, caller: GoalCaller, configId: number) => {
    const config = await findConfig(db, caller, configId);
    const { fileName, data } = await goalTemplate(caller.kind, config);
    void reply
      .header('Content-Type', XLSX)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition');
    return reply.send(data);
  };

  for (const kind of GOAL_KINDS) {
    const calls = GOAL_CALLS[kind];
    const names = GOAL_KIND_NAMES[kind];

    /** The grouped calls' request: the reader checked, the path parameters and the booking date basis. */
    const grouped = async (request: { user: SessionUser; params: GoalActualRequest & object; query?: unknown; body?: GoalActualRequest['body'] }) => {
      const caller = await goalCaller(db, request.user, kind, ['BookingDateBasis']);
      requireGoalReader(caller);
      const { groupBy, fiscalYearSlug, configId } = request.params;
      const bookingDateBasis = (request.query as { bookingDateBasis?: string } | undefined)?.bookingDateBasis;
      return { caller, request: { groupBy, fiscalYearSlug, configId, bookingDateBasis, body: request.body } };
    };
    serve(app, calls.grouped, async (request) => {
      const asked = await grouped(request);
      return goalActuals(db, request.user, asked.caller, asked.request);
    });
    serve(app, calls.groupedQuarterly, async (request) => {
      const asked = await grouped(request);
      return goalQuarters(db, request.user, asked.caller, asked.request);
    });
    serve(app, calls.goalTypeList, async (request) => {
      const caller = await manager(request.user, kind);
      return (await allowedGoalTypes(db, caller)).map((type) => ({ groupByValueField: type, groupByName: GOAL_GROUP_BY_NAMES[type] }));
    });
    serve(app, calls.goalGroupByList, async (request) => {
      const caller = await goalCaller(db, request.user, kind);
      requireGoalReader(caller);
      return groupByList(db, caller, request.params.configId);
    });
    serve(app, calls.insertHierarchySetup, async (request) => insertSetup(db, await manager(request.user, kind), request.body.company, request.body.goalYear));
    serve(app, calls.insertHierarchyConfig, async (request) => insertConfig(db, await manager(request.user, kind), request.body as ConfigInput));
    serve(app, calls.setupList, async (request) => setupList(db, await manager(request.user, kind)));
    serve(app, calls.configList, async (request) => configList(db, await manager(request.user, kind), request.params.company, request.params.goalYear));
    serve(app, calls.config, async (request) => findConfig(db, await manager(request.user, kind), request.params.id));
    serve(app, calls.deleteConfig, async (request, reply) => {
      await deleteConfig(db, await manager(request.user, kind), request.params.id);
      return reply.code(204).send();
    });
    serve(app, calls.hierarchy, async (request) => (await goalRows(db, await manager(request.user, kind), request.params.id, request.query)) as never);
    serve(app, calls.templateGenerator, async (request, reply) => {
      const id = (request.params as Record<string, number>)[names.configIdName]!;
      return sendTemplate(reply, await manager(request.user, kind), id) as never;
    });
    serve(app, calls.configName, async (request) => renameConfig(db, await manager(request.user, kind), request.body.id, request.body.description));
    serve(app, calls.exclusions, async (request) => {
      const caller = await administrator(request.user, kind);
      await requireRole(db, caller.organization, request.params.roleMasterId);
      return exclusions(db, caller.organization, kind, request.params.roleMasterId);
    });
    serve(app, calls.addExclusions, async (request) => {
      const caller = await administrator(request.user, kind);
      return setExclusions(db, caller.organization, kind, request.body.roleMasterId, request.body.goalTypes);
    });
  }
  serve(app, bookingsGoalsTemplateGeneratorGet, async (request, reply) =>
    sendTemplate(reply, await manager(request.user, 'Bookings'), request.query.bookingsGoalConfigId) as never,
  );
  serve(app, activityGoalsTemplateGeneratorGet, async (request, reply) =>
    sendTemplate(reply, await manager(request.user, 'Activity'), request.query.activityGoalConfigId) as never,
  );
  // A save takes up to GOAL_ROWS_MAX rows: its body limit is its own, not the platform's (BODY_LIMIT_BYTES).
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = GOAL_SAVE_MAX_BYTES;
    });
    for (const kind of GOAL_KINDS) {
      serve(scope, GOAL_CALLS[kind].bulkUpdate, async (request) => saveRows(db, await manager(request.user, kind), request.body as unknown as GoalRowInput[]));
    }
  });
  await uploadRoutes(
    app,
    (scope) => {
      for (const kind of GOAL_KINDS) {
        serve(scope, GOAL_CALLS[kind].upload, async (request) => {
          const caller = await manager(request.user, kind);
          const config = await findConfig(db, caller, request.params.id);
          const file = await receiveUpload(request, { what: `a ${kind.toLowerCase()} goal spreadsheet`, maxBytes: GOAL_UPLOAD_MAX_BYTES, types: [XLSX] });
          return replaceGoalRows(db, caller, config, await readGoalSheet(kind, config, file.bytes));
        });
      }
    },
    GOAL_UPLOAD_MAX_BYTES,
  );
}
