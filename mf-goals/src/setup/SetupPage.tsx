import { useEffect, useRef, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { companyList, type ContractResult } from '@tradeboard/shared/contracts';
import { fiscalYearOf, toIsoDate } from '@tradeboard/shared/dates';
import { Button, Empty, Skeleton, useFeedback } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { settingValue } from '@tradeboard/shared/user-settings';
import { api, errorMessage, navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { GOAL_CALLS, manageRoute, setupPanelVisible, yearChoices, type GoalKind } from '../api/goalKinds.ts';
import { Toasts } from '../api/toasts.tsx';
import { HierarchyBuilder, HIERARCHY_DEPTH, type GroupByOption } from './HierarchyBuilder.tsx';

type Config = ContractResult<(typeof GOAL_CALLS)['Sales']['config']>;
type Setup = ContractResult<(typeof GOAL_CALLS)['Sales']['setupList']>[number];

/** Seed 001 §9: company list page size 50; seed 000 §9: type-ahead debounce 500 ms. */
export const COMPANY_SEARCH = { pageSize: 50, debounceMs: 500 } as const;
const DESCRIPTION_MAX = 50;

/** The companies matching a search, 50 at a time, asked 500 ms after the typing stops. */
function useCompanySearch(text: string) {
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), COMPANY_SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return useSWR(['goals-companies', debounced], () => api.call(companyList, { body: { pageSize: COMPANY_SEARCH.pageSize, searchString: debounced } }));
}

function AddCompanyYear({ kind, fiscalYear, onAdded }: { kind: GoalKind; fiscalYear: number; onAdded: () => void }): ReactNode {
  const { modal } = useFeedback();
  const [search, setSearch] = useState('');
  const [company, setCompany] = useState<string | undefined>();
  const [year, setYear] = useState(fiscalYear);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const companies = useCompanySearch(search);
  const add = async () => {
    if (!company) {
      setError('Company is required!');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api.call(GOAL_CALLS[kind].insertHierarchySetup, { body: { company, goalYear: year } });
      modal.success({ title: 'Success!', content: 'Company/Year Added.' });
      onAdded();
    } catch {
      modal.error({ title: 'Error!', content: 'Failed to Add Company/Year. Verify year was not already added.' });
    } finally {
      setBusy(false);
    }
  };
  const id = `goals-${kind}`;
  return (
    <div className="tb-goals-builder">
      <div className="tb-goals-row">
        <Select
          className="tb-grow"
          aria-label={`${kind} company`}
          showSearch
          filterOption={false}
          placeholder="Company"
          value={company}
          onSearch={setSearch}
          onChange={(value: string) => {
            setCompany(value);
            setError(null);
          }}
          loading={companies.isLoading}
          notFoundContent={companies.isLoading ? null : 'No results for given search'}
          options={((companies.data?.rows ?? []) as Array<{ company: string; companyName: string }>).map((c) => ({ value: c.company, label: `${c.companyName} (${c.company})` }))}
          status={error ? 'error' : undefined}
        />
        <select id={`${id}-year`} aria-label={`${kind} year`} value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {yearChoices(fiscalYear).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <Button type="primary" onClick={() => void add()} loading={busy}>
          Add Company/Year
        </Button>
      </div>
      {error && (
        <div className="tb-goals-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The description, edited by a click: Enter, Tab or a click outside saves when non-empty and changed; Escape cancels. */
function SetupName({ kind, config, index, onSaved }: { kind: GoalKind; config: Config; index: number; onSaved: () => void }): ReactNode {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(config.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  const label = config.description || `Goal Setup # ${index + 1}`;
  const finish = async (save: boolean) => {
    if (done.current) return;
    done.current = true;
    const value = text.trim();
    if (save && value && value !== (config.description ?? '')) {
      if (value.length > DESCRIPTION_MAX) {
        setError('required!');
        done.current = false;
        return;
      }
      try {
        await api.call(GOAL_CALLS[kind].configName, { body: { id: config.id, description: value } });
        onSaved();
      } catch (e) {
        setError(errorMessage(e));
      }
    }
    setEditing(false);
  };
  if (!editing) {
    return (
      <button
        type="button"
        className="tb-goals-setup__name"
        title="Click to edit the description"
        onClick={() => {
          done.current = false;
          setText(config.description ?? '');
          setError(null);
          setEditing(true);
        }}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="tb-grow">
      <Input
        autoFocus
        aria-label="Goal setup description"
        maxLength={DESCRIPTION_MAX}
        value={text}
        status={error || (kind === 'Sales' && !text.trim()) ? 'error' : undefined}
        onChange={(event) => setText(event.target.value.replace(/\u2019/g, "'"))}
        onBlur={() => void finish(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === 'Tab') void finish(true);
          if (event.key === 'Escape') void finish(false);
        }}
      />
      {(error || (kind === 'Sales' && !text.trim())) && <span className="tb-goals-error">required!</span>}
    </span>
  );
}

function AddSetup({ kind, setup, goalTypes, options, onAdded }: { kind: GoalKind; setup: Setup; goalTypes: GroupByOption[]; options: GroupByOption[]; onAdded: () => void }): ReactNode {
  const [goalType, setGoalType] = useState('');
  const [levels, setLevels] = useState<string[]>(Array.from({ length: HIERARCHY_DEPTH }, () => ''));
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (!goalType) return; // seed 000 §5: a silent no-op without a goal type
    if (kind === 'Sales' && (!description.trim() || description.trim().length > DESCRIPTION_MAX)) {
      setError('required!');
      return;
    }
    setBusy(true);
    try {
      const hierarchy = Object.fromEntries(levels.map((value, i) => [`hierarchyType${i + 1}`, value || null]));
      await api.call(GOAL_CALLS[kind].insertHierarchyConfig, {
        body: { company: setup.company, goalYear: setup.goalYear, goalType, ...hierarchy, ...(kind === 'Sales' ? { setupDescription: description.trim() } : {}) } as never,
      });
      setGoalType('');
      setLevels(levels.map(() => ''));
      setDescription('');
      setError(null);
      onAdded();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const idPrefix = `goals-${kind}-${setup.company}-${setup.goalYear}`;
  return (
    <div className="tb-goals-builder" role="group" aria-label={`Add a goal setup for ${setup.companyName} ${setup.goalYear}`}>
      {kind === 'Sales' && (
        <label htmlFor={`${idPrefix}-description`}>
          Description
          <Input id={`${idPrefix}-description`} maxLength={DESCRIPTION_MAX} value={description} onChange={(event) => setDescription(event.target.value.replace(/\u2019/g, "'"))} status={error === 'required!' ? 'error' : undefined} />
        </label>
      )}
      <HierarchyBuilder kind={kind} idPrefix={idPrefix} goalTypes={goalTypes} options={options} goalType={goalType} levels={levels} onGoalType={setGoalType} onLevels={setLevels} />
      {error && (
        <div className="tb-goals-error" role="alert">
          {error}
        </div>
      )}
      <div>
        <Button onClick={() => void add()} loading={busy}>
          Add Goal Setup
        </Button>
      </div>
    </div>
  );
}

function SetupYear({ kind, setup, goalTypes, options }: { kind: GoalKind; setup: Setup; goalTypes: GroupByOption[]; options: GroupByOption[] }): ReactNode {
  const { modal } = useFeedback();
  const configs = useSWR(['goal-configs', kind, setup.company, setup.goalYear], () =>
    api.call(GOAL_CALLS[kind].configList, { params: { company: setup.company, goalYear: setup.goalYear } }),
  );
  const remove = (config: Config, name: string) =>
    modal.confirm({
      title: `Remove ${name}?`,
      content: (
        <div>
          <p>Removing a Goal Setup will remove all data as well. This action cannot be undone.</p>
          <p className="tb-goals-warning">DO NOT CLOSE THIS SCREEN. It will close automatically once data has been removed.</p>
        </div>
      ),
      okText: 'Approve',
      cancelText: 'Cancel',
      okButtonProps: { danger: true },
      onOk: async () => {
        await api.call(GOAL_CALLS[kind].deleteConfig, { params: { id: config.id } });
        await configs.mutate();
      },
    });
  return (
    <section className="tb-goals-year" aria-label={`${setup.companyName} ${setup.goalYear}`}>
      <h3>
        {setup.companyName} ({setup.company}) · {setup.goalYear}
      </h3>
      {configs.isLoading && <Skeleton active paragraph={{ rows: 1 }} />}
      {configs.error && <div className="tb-goals-error">{errorMessage(configs.error)}</div>}
      {(configs.data ?? []).map((config, index) => {
        const name = config.description || `Goal Setup # ${index + 1}`;
        const types = [config.hierarchyType1, config.hierarchyType2, config.hierarchyType3, config.hierarchyType4, config.hierarchyType5].filter(Boolean);
        return (
          <div key={config.id} className="tb-goals-setup">
            <div className="tb-goals-row tb-grow">
              <SetupName kind={kind} config={config} index={index} onSaved={() => void configs.mutate()} />
              <span className="tb-goals-muted">
                {config.goalType}
                {types.length ? ` › ${types.join(' › ')}` : ''}
              </span>
            </div>
            <div className="tb-goals-row">
              <Button
                size="small"
                href={`${manageRoute(kind)}?${kind.toLowerCase()}GoalConfigId=${config.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(`${manageRoute(kind)}?${kind.toLowerCase()}GoalConfigId=${config.id}`);
                }}
              >
                Manage
              </Button>
              <Button size="small" danger aria-label={`Remove ${name}`} onClick={() => remove(config, name)}>
                Remove
              </Button>
            </div>
          </div>
        );
      })}
      <AddSetup kind={kind} setup={setup} goalTypes={goalTypes} options={options} onAdded={() => void configs.mutate()} />
    </section>
  );
}

function GoalPanel({ kind, fiscalYear }: { kind: GoalKind; fiscalYear: number }): ReactNode {
  const calls = GOAL_CALLS[kind];
  const setups = useSWR(['goal-setups', kind], () => api.call(calls.setupList));
  const goalTypes = useSWR(['goal-types', kind], () => api.call(calls.goalTypeList, { params: { fiscalYearSlug: 'current' } }));
  const options = useSWR(['goal-group-bys', kind], () => api.call(calls.goalGroupByList, { params: { fiscalYearSlug: 'current', configId: 0 } }));
  return (
    <section className="tb-goals-panel" aria-labelledby={`goals-${kind}-title`}>
      <h2 id={`goals-${kind}-title`}>{kind}</h2>
      <AddCompanyYear kind={kind} fiscalYear={fiscalYear} onAdded={() => void setups.mutate()} />
      {setups.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {setups.error && <div className="tb-goals-error">{errorMessage(setups.error)}</div>}
      {setups.data?.length === 0 && <Empty description="No company/year added yet" />}
      {(setups.data ?? []).map((setup) => (
        <SetupYear key={`${setup.company}/${setup.goalYear}`} kind={kind} setup={setup} goalTypes={goalTypes.data ?? []} options={options.data ?? []} />
      ))}
    </section>
  );
}

/** /settings/goalsSetup: the Sales, Bookings and Activity panels (seed 000 "Goal management screens", §6). */
export default function SetupPage(): ReactNode {
  const user = useTradeboardStore((state) => state.user);
  const fiscalYear = fiscalYearOf(toIsoDate(new Date()), user ? settingValue(user.settings, 'FiscalYear') : undefined).fiscalYear;
  const kinds = (['Sales', 'Bookings', 'Activity'] as const).filter((kind) => setupPanelVisible(user, kind));
  return (
    <div className="tb-goals-page">
      <h1>Goals Setup</h1>
      {kinds.length === 0 && <Empty description="Your role may not manage goals." />}
      <div className="tb-goals-panels">
        {kinds.map((kind) => (
          <GoalPanel key={kind} kind={kind} fiscalYear={fiscalYear} />
        ))}
      </div>
      <Toasts />
    </div>
  );
}
