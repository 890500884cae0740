import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, SearchOutlined, Skeleton } from '@tradeboard/shared/ui';
import { INVENTORY_SEARCH_FIELDS } from '@tradeboard/shared/contracts';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { followInApp, navigate, useTradeboardStore } from '@tradeboard/shared/web';
import { OPERATORS } from '../api/accountSearch.ts';
import { canSeeInventory } from '../api/userAccess.ts';
import { DEFAULT_ITEM_SEARCH, itemSearchOptions, type ItemSearchOptions, type ResultGroup, type SearchResult } from './searchAll.ts';
import { useSearchAll } from './useSearchAll.ts';

/** Results per kind on the search page. */
export const SEARCH_PAGE_LIMIT = 25;

export function ResultLink({ result, active = false, onChoose }: { result: SearchResult; active?: boolean; onChoose?: () => void }): ReactNode {
  return (
    <a
      className={`tb-result${active ? ' tb-result--active' : ''}`}
      href={result.href}
      onClick={followInApp(result.href, onChoose)}
    >
      <div className="tb-hit">
        <div className="tb-hit__title">
          <span className="tb-hit__name">{result.title}</span>
          <span className="tb-hit__id">{result.id}</span>
        </div>
        {result.subtitle && <div className="tb-hit__meta">{result.subtitle}</div>}
      </div>
    </a>
  );
}

function Group({ group }: { group: ResultGroup }): ReactNode {
  return (
    <section className="tb-group" aria-label={group.label}>
      <h2 className="tb-group__title">
        <span>{group.label}</span>
        <span className="tb-muted">{group.results.length === SEARCH_PAGE_LIMIT ? `${SEARCH_PAGE_LIMIT}+` : group.results.length}</span>
      </h2>
      {group.error ? (
        <Alert type="warning" showIcon title={`${group.label} could not be searched.`} />
      ) : (
        <ul className="tb-group__list">
          {group.results.map((result) => (
            <li key={result.key}>
              <ResultLink result={result} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The search page's address: the text, and the item search's field and operator when not the defaults. */
function searchHref(searchString: string, items: ItemSearchOptions): string {
  const params = new URLSearchParams({ searchString });
  if (items.field !== DEFAULT_ITEM_SEARCH.field) params.set('itemField', items.field);
  if (items.operator !== DEFAULT_ITEM_SEARCH.operator) params.set('itemOperator', items.operator);
  return `/search?${params}`;
}

/**
 * /search?searchString=…: the text searched in every kind the user may see (customers, ship-tos,
 * prospects, corporates, contacts, suppliers, items), grouped, each result linking to its page.
 * Items are searched in one of the 13 item search fields of seed 000 §9 with one of the four
 * operators (itemField, itemOperator in the address; Item Number + Description, Contains by default).
 */
export default function SearchPage({ search }: { search: string }): ReactNode {
  const params = new URLSearchParams(search);
  const searchString = params.get('searchString') ?? '';
  const items = itemSearchOptions(params);
  const showsItems = useTradeboardStore((state) => canSeeInventory(state.user));
  const [draft, setDraft] = useState(searchString);
  useEffect(() => setDraft(searchString), [searchString]);
  const { groups, loading, text } = useSearchAll(searchString, SEARCH_PAGE_LIMIT, 0, items);
  const found = groups.filter((group) => group.results.length > 0 || group.error);
  const allFailed = groups.length > 0 && groups.every((group) => group.error);

  const submit = (next: ItemSearchOptions = items) => navigate(searchHref(draft.trim(), next));

  let body: ReactNode;
  if (!text) body = <Empty description="Type a name or number to search accounts, contacts, suppliers and items." />;
  else if (loading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (allFailed)
    body = <Alert type="error" showIcon title="The search failed" description="Please try again in a moment." action={<Button onClick={() => submit()}>Retry</Button>} />;
  else if (!found.length) body = <Empty description={`Nothing matches “${text}”.`} />;
  else
    body = (
      <div className="tb-groups">
        {found.map((group) => (
          <Group key={group.kind} group={group} />
        ))}
      </div>
    );

  return (
    <div className="tb-page">
      <h1 className="tb-page__title">{text ? `Search results for “${text}”` : 'Search'}</h1>
      <form
        className="tb-search-box"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Input aria-label="Search" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Name or number" allowClear autoFocus />
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          Search
        </Button>
        {showsItems && (
          <div className="tb-search-box__items" role="group" aria-label="Item search">
            <Select
              aria-label="Item search field"
              value={items.field}
              onChange={(field) => submit({ ...items, field })}
              options={INVENTORY_SEARCH_FIELDS.map((value) => ({ value, label: value }))}
              popupMatchSelectWidth={false}
            />
            <Select
              aria-label="Item match"
              value={items.operator}
              onChange={(operator) => submit({ ...items, operator })}
              options={OPERATORS.map((option) => ({ ...option }))}
              popupMatchSelectWidth={false}
            />
          </div>
        )}
      </form>
      <div aria-live="polite" aria-busy={loading}>
        {body}
      </div>
    </div>
  );
}
