import { Stack } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ConfirmDialog } from 'shared/src/ui/ConfirmDialog';
import {
  secretToggleOf,
  toggleSecret,
  variableRemovalNeedsConfirmation,
  type ConfigDraft,
  type DraftEntry,
  type EntryKind,
} from './config-draft';
import {
  confirmDecryption,
  confirmFileDeletion,
  confirmVariableDeletion,
  type Confirmation,
} from './confirmations';
import { fileRows, ownVariableRows, rowsOfApp } from './draft-rows';
import { validateDraft } from './draft-validation';
import type { ExtensionPanelOptions } from './ExtensionPanel';
import { FilesSection } from './FilesSection';
import { ValidationErrors } from './ValidationErrors';
import { VariablesSection } from './VariablesSection';

// Loaded only for an app that supports an extension, so the editor's chunk stays within budget.
const ExtensionPanel = lazy(() =>
  import('./ExtensionPanel').then((module) => ({ default: module.ExtensionPanel })),
);

export interface ConfigEditorProps {
  draft: ConfigDraft;
  onChange: (draft: ConfigDraft) => void;
  /** Hides the add and upload controls. */
  readOnly?: boolean;
  /** Extension filter: the app id of the chosen extension; none shows every item. */
  extensionAppId?: string | null;
  /** Shows the Extension panel (the app page and Create App know the server's providing apps). */
  extensions?: ExtensionPanelOptions;
}

/**
 * The configuration editor of spec section 2 (Editor tab and Create App): files and variables of
 * one app. Controlled: the page owns the draft, and saving it (see `toSavePayload`).
 */
export function ConfigEditor({
  draft,
  onChange,
  readOnly = false,
  extensionAppId = null,
  extensions,
}: ConfigEditorProps) {
  const [pending, setPending] = useState<Confirmation | null>(null);
  const errors = useMemo(() => validateDraft(draft), [draft]);
  const files = useMemo(
    () => rowsOfApp(fileRows(draft), draft.appId, extensionAppId),
    [draft, extensionAppId],
  );
  const variables = useMemo(
    () => rowsOfApp(ownVariableRows(draft), draft.appId, extensionAppId),
    [draft, extensionAppId],
  );

  const requestSecretToggle = (kind: EntryKind, entry: DraftEntry, label: string) => {
    const outcome = secretToggleOf(entry);
    if (outcome === 'toggle') onChange(toggleSecret(draft, kind, entry.id));
    if (outcome === 'confirm-decryption') setPending(confirmDecryption(kind, entry.id, label));
  };

  const confirm = () => {
    if (pending) onChange(pending.apply(draft));
    setPending(null);
  };

  return (
    <Stack spacing={6}>
      <ValidationErrors errors={errors} />
      <FilesSection
        draft={draft}
        rows={files}
        onChange={onChange}
        readOnly={readOnly}
        onToggleSecret={(file) => requestSecretToggle('file', file, file.filename)}
        onDelete={(file) => setPending(confirmFileDeletion(file))}
      />
      <VariablesSection
        draft={draft}
        rows={variables}
        onChange={onChange}
        readOnly={readOnly}
        onToggleSecret={(variable) => requestSecretToggle('variable', variable, variable.name)}
        onDelete={(variable) =>
          setPending(
            confirmVariableDeletion(draft, variable, variableRemovalNeedsConfirmation(draft, variable.id)),
          )
        }
      />
      {extensions && (
        <Suspense fallback={null}>
          <ExtensionPanel draft={draft} onChange={onChange} readOnly={readOnly} {...extensions} />
        </Suspense>
      )}
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.title}
        confirmLabel={pending?.confirmLabel ?? ''}
        isLoading={false}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        {pending?.body}
      </ConfirmDialog>
    </Stack>
  );
}
