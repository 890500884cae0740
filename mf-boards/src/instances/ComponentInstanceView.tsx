import { useState, type ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, Button, DeleteOutlined, Dropdown, EditOutlined, MoreOutlined, SaveOutlined, useFeedback } from '@tradeboard/shared/ui';
import type { CardValue, ComponentConfigValue, ComponentInstanceValue, ComponentMasterValue, FilterValue } from '../api/types.ts';
import { InlineEdit } from '../boards/InlineEdit.tsx';
import type { CardActions } from '../cards/useCardActions.ts';
import { showFailure } from '../feedback/statusDialog.ts';
import { sameJson } from './configEquality.ts';
import { MissingComponent, RendererHost } from './RendererHost.tsx';
import { errorMessage } from '@tradeboard/shared/web';

type Props = {
  card: CardValue;
  instance: ComponentInstanceValue;
  master: ComponentMasterValue | undefined;
  index: number;
  count: number;
  filters: FilterValue[];
  editMode: boolean;
  canEdit: boolean;
  actions: CardActions;
};

/** The instance's working configuration: the saved one, or the master's until first saved. */
export function savedConfig(instance: ComponentInstanceValue, master: ComponentMasterValue | undefined): ComponentConfigValue {
  return Object.keys(instance.configs ?? {}).length ? instance.configs : (master?.configs ?? {});
}

/** A component on a card: header (rename, reorder, remove, Save Changes) and its renderer. */
export function ComponentInstanceView({ card, instance, master, index, count, filters, editMode, canEdit, actions }: Props): ReactNode {
  const { modal } = useFeedback();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState<ComponentConfigValue | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = savedConfig(instance, master);
  const dirty = draft !== null && !sameJson(draft, saved);
  const name = instance.componentInstanceName;

  const saveConfig = async (config: ComponentConfigValue) => {
    // Seed §4: saved only when it differs from the saved one.
    if (sameJson(config, saved)) {
      setDraft(null);
      return;
    }
    setSaving(true);
    try {
      await actions.saveInstanceConfig(instance, config);
      setDraft(null);
    } catch (error) {
      showFailure(`The component's settings could not be saved. ${errorMessage(error)}`);
      throw error;
    } finally {
      setSaving(false);
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      title: 'Are you sure?',
      content: `The component "${name}" will be removed from this card.`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () => actions.removeInstance(instance),
    });

  return (
    <section className="tb-instance" aria-label={name}>
      {(editMode || dirty) && (
        <header className="tb-instance__header">
          {renaming ? (
            <InlineEdit value={name} label="Component name" onSave={(next) => void actions.renameInstance(instance, next)} onDone={() => setRenaming(false)} />
          ) : (
            <h3 className="tb-instance__name">{name}</h3>
          )}
          <span className="tb-instance__tools">
            {dirty && (
              <>
                <Button size="small" onClick={() => setDraft(null)} disabled={saving}>
                  Discard
                </Button>
                <Button size="small" type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void saveConfig(draft!).catch(() => {})}>
                  Save Changes
                </Button>
              </>
            )}
            {editMode && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'rename', icon: <EditOutlined />, label: 'Rename', onClick: () => setRenaming(true) },
                    { key: 'up', icon: <ArrowUpOutlined />, label: 'Move Up', disabled: index === 0, onClick: () => void actions.moveInstance(card, instance, -1) },
                    { key: 'down', icon: <ArrowDownOutlined />, label: 'Move Down', disabled: index === count - 1, onClick: () => void actions.moveInstance(card, instance, 1) },
                    { type: 'divider' },
                    { key: 'remove', icon: <DeleteOutlined />, label: 'Remove', danger: true, onClick: confirmRemove },
                  ],
                }}
              >
                <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`Component options: ${name}`} />
              </Dropdown>
            )}
          </span>
        </header>
      )}
      <div className="tb-instance__body">
        {master ? (
          <RendererHost
            rendererKey={master.renderer}
            instance={instance}
            master={master}
            config={draft ?? saved}
            filters={filters}
            editMode={editMode}
            canEdit={canEdit}
            saveConfig={saveConfig}
            onConfigDraft={setDraft}
            onRemove={canEdit ? () => void actions.removeInstance(instance) : undefined}
          />
        ) : (
          <MissingComponent name={name} onRemove={canEdit ? () => void actions.removeInstance(instance) : undefined} />
        )}
      </div>
    </section>
  );
}
