import { FormActions } from '../../components/form-actions';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Modal } from '../../components/modal';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FLOOR_LIMITS, PLAN_GRID, TABLE_SIZE, createSectionRequest, updateTableRequest, type FloorSection, type FloorTable } from '../../../shared/floor-contract';
import { TABLE_SHAPES, TABLE_SHAPE_LABELS, type TableShape } from '../../../shared/ticket-contract';
import { fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { useCreateSection, useCreateTable, useDeleteSection, useDeleteTable, useDuplicateTable, useRenameSection, useReorderSections, useTableSaver } from './api/floor-mutations';
import { useFloor } from './api/floor-queries';
import { EditableTable } from './editable-table';
import { PlanCanvas } from '../../components/plan/plan-canvas';
import { arrangeOnGrid, freeSpot, hasOverlaps } from '../../components/plan/plan-geometry';
import classes from '../../components/plan/plan.module.css';

/** Arrow keys save this long after the last press, as one write. */
const KEY_SAVE_DELAY_MS = 400;

/** The next "<Bölüm> <n>" no table of the restaurant is called yet. */
export function nextTableName(sectionName: string, taken: readonly string[]): string {
  const names = new Set(taken.map((n) => n.toLocaleLowerCase('tr-TR')));
  for (let n = 1; ; n++) {
    const name = `${sectionName} ${n}`.slice(0, FLOOR_LIMITS.tableName);
    if (!names.has(name.toLocaleLowerCase('tr-TR'))) return name;
  }
}

type SectionDialog = { kind: 'add' } | { kind: 'rename'; section: FloorSection } | { kind: 'delete'; section: FloorSection } | null;

/** Masa Düzeni: sections as tabs, each a floor plan whose tables drag (mouse or touch) and snap to a grid. */
export default function TableLayoutPage() {
  const floor = useFloor();
  const sections = floor.data?.sections ?? [];
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<SectionDialog>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [tableToDelete, setTableToDelete] = useState<FloorTable | null>(null);
  const saver = useTableSaver();
  const createTable = useCreateTable();
  const duplicateTable = useDuplicateTable();
  const reorder = useReorderSections();
  const section = sections.find((s) => s.id === sectionId) ?? sections[0];
  const selected = section?.tables.find((t) => t.id === selectedId) ?? null;

  useEffect(() => {
    if (section && section.id !== sectionId) setSectionId(section.id);
  }, [section, sectionId]);

  // Arrow keys: the table moves at once; one save after the presses stop.
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keyMove = useRef<{ id: string; x: number; y: number } | null>(null);
  useEffect(() => () => clearTimeout(keyTimer.current), []);
  const { save, showAt } = saver;
  const onMove = useCallback(
    (table: FloorTable, to: { x: number; y: number }, how: 'drag' | 'key') => {
      if (how === 'drag') {
        void save(table.id, to, { optimistic: true });
        return;
      }
      showAt(table.id, to);
      keyMove.current = { id: table.id, ...to };
      clearTimeout(keyTimer.current);
      keyTimer.current = setTimeout(() => {
        const m = keyMove.current;
        keyMove.current = null;
        if (m) void save(m.id, { x: m.x, y: m.y });
      }, KEY_SAVE_DELAY_MS);
    },
    [save, showAt],
  );

  const fail = (err: unknown) => setNotice({ ok: false, text: messageFor(err) });

  const addTable = () => {
    if (!section) return;
    const spot = freeSpot(section.tables, 80, 80);
    const taken = sections.flatMap((s) => s.tables.map((t) => t.name));
    createTable.mutate(
      { sectionId: section.id, name: nextTableName(section.name, taken), seats: 4, shape: 'square', width: 80, height: 80, ...spot },
      { onSuccess: (t) => (setSelectedId(t.id), setNotice({ ok: true, text: `${t.name} eklendi.` })), onError: fail },
    );
  };
  const duplicate = (t: FloorTable) =>
    duplicateTable.mutate(t.id, { onSuccess: (copy) => (setSelectedId(copy.id), setNotice({ ok: true, text: `${copy.name} eklendi.` })), onError: fail });

  const moveSection = (index: number, by: -1 | 1) => {
    const ids = sections.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    reorder.mutate(ids, { onError: fail });
  };

  if (floor.isPending) return <Loader role="status" aria-label="Yükleniyor..." />;
  if (floor.isError) {
    return (
      <Stack>
        <Title order={2}>Masa Düzeni</Title>
        <Alert color="red" role="alert">
          {floor.error.message}
        </Alert>
      </Stack>
    );
  }

  const index = section ? sections.indexOf(section) : -1;
  const error = saver.error ?? (notice && !notice.ok ? notice.text : null);

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Masa Düzeni</Title>
        <Button variant="light" onClick={() => setDialog({ kind: 'add' })}>
          + Bölüm Ekle
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Kapat" onClose={() => (saver.clearError(), setNotice(null))}>
          {error}
        </Alert>
      )}
      {notice?.ok && !error && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Kapat" onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}

      {sections.length === 0 ? (
        <Text>Henüz bölüm yok. “Bölüm Ekle” ile Salon, Bahçe ya da Teras gibi bir bölüm ekleyin.</Text>
      ) : (
        <Tabs value={section?.id ?? null} onChange={(v) => (setSectionId(v), setSelectedId(null))} keepMounted={false}>
          <Tabs.List aria-label="Bölümler">
            {sections.map((s) => (
              <Tabs.Tab key={s.id} value={s.id}>
                {s.name} ({s.tables.length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}

      {section && (
        <>
          <Group gap="xs" wrap="wrap" aria-label={`${section.name} bölümü`} role="group">
            <Button variant="default" onClick={() => setDialog({ kind: 'rename', section })}>
              Yeniden Adlandır
            </Button>
            {/* the section's tab moves; a bare arrow read as "go to the next section" */}
            <Button variant="default" aria-label={`${section.name}: sola taşı`} disabled={index <= 0} onClick={() => moveSection(index, -1)}>
              ← Sola Taşı
            </Button>
            <Button variant="default" aria-label={`${section.name}: sağa taşı`} disabled={index >= sections.length - 1} onClick={() => moveSection(index, 1)}>
              Sağa Taşı →
            </Button>
            <Button variant="light" color="red" onClick={() => setDialog({ kind: 'delete', section })}>
              Bölümü Sil
            </Button>
            <Button onClick={addTable} loading={createTable.isPending}>
              + Masa Ekle
            </Button>
          </Group>

          {hasOverlaps(section.tables) && (
            <Alert color="yellow" title="Üst üste masalar var">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Bazı masalar birbirinin üstünde; sipariş ekranında dokunulamazlar. Hepsini ızgaraya dizip sonra sürükleyerek düzenleyebilirsiniz.</Text>
                <Button
                  variant="white"
                  onClick={() =>
                    void Promise.all(arrangeOnGrid(section.tables).map(({ id, x, y }) => save(id, { x, y }, { optimistic: true }))).then(() =>
                      setNotice({ ok: true, text: `${section.name} masaları ızgaraya dizildi.` }),
                    )
                  }
                >
                  Masaları Diz
                </Button>
              </Stack>
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            Masaları sürükleyin (fare ya da parmakla); {PLAN_GRID} birimlik ızgaraya oturur. Klavyeyle: masaya gelip ok tuşlarıyla taşıyın.
          </Text>

          <div className={classes.layoutGrid}>
            <PlanCanvas tables={section.tables} label={`${section.name} kat planı`} withGrid>
              {(scale) =>
                section.tables.map((t) => (
                  <EditableTable key={t.id} table={t} scale={scale} selected={t.id === selectedId} onSelect={setSelectedId} onMove={onMove} />
                ))
              }
            </PlanCanvas>
            <div className={classes.panel}>
              {selected ? (
                <TableForm
                  key={formKey(selected)}
                  table={selected}
                  fieldErrors={saver.fieldErrors}
                  onSave={(change) => save(selected.id, change).then((t) => t && setNotice({ ok: true, text: `${t.name} kaydedildi.` }))}
                  onDuplicate={() => duplicate(selected)}
                  onDelete={() => setTableToDelete(selected)}
                  duplicating={duplicateTable.isPending}
                />
              ) : (
                <Text>Düzenlemek için bir masaya dokunun.</Text>
              )}
            </div>
          </div>
        </>
      )}

      <SectionDialogs dialog={dialog} onClose={() => setDialog(null)} onDone={(text, id) => (setNotice({ ok: true, text }), id && setSectionId(id))} />
      <DeleteTableDialog table={tableToDelete} onClose={() => setTableToDelete(null)} onDone={(t) => (setSelectedId(null), setNotice({ ok: true, text: `${t.name} silindi.` }))} />
    </Stack>
  );
}

interface FormProps {
  table: FloorTable;
  fieldErrors: Record<string, string>;
  onSave(change: Partial<Pick<FloorTable, 'name' | 'seats' | 'shape' | 'width' | 'height' | 'rotation'>>): Promise<unknown>;
  onDuplicate(): void;
  onDelete(): void;
  duplicating: boolean;
}

/**
 * The form starts again from the server's values when one of its own fields changed there, not on
 * every new version: a move (arrow keys, a drag, another device) bumps the version too, and must not
 * wipe a name being typed.
 */
const formKey = (t: FloorTable) => [t.id, t.name, t.seats, t.shape, t.width, t.height, t.rotation].join(':');

/** The selected table's name, seats, shape, size and rotation; saved together with its version. */
function TableForm({ table, fieldErrors, onSave, onDuplicate, onDelete, duplicating }: FormProps) {
  const [name, setName] = useState(table.name);
  const [seats, setSeats] = useState<number | string>(table.seats);
  const [shape, setShape] = useState<TableShape>(table.shape);
  const [width, setWidth] = useState<number | string>(table.width);
  const [height, setHeight] = useState<number | string>(table.height);
  const [rotation, setRotation] = useState<number | string>(table.rotation);
  const [saving, setSaving] = useState(false);
  const fields = useFieldErrors();
  const num = (v: number | string) => (typeof v === 'number' ? v : Number.NaN);
  const { show } = fields;
  // The server's field messages (a 400) go on the fields like the browser's own check.
  useEffect(() => void (Object.keys(fieldErrors).length > 0 && show(fieldErrors)), [fieldErrors, show]);

  const submit = () => {
    const w = num(width);
    const change = {
      name,
      seats: num(seats),
      shape,
      width: w,
      // A square stays square and a circle round: one size for both sides.
      height: shape === 'rectangle' ? num(height) : w,
      rotation: num(rotation),
    };
    const checked = updateTableRequest.safeParse({ ...change, version: table.version });
    if (!checked.success) {
      show(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    fields.clear();
    setSaving(true);
    void onSave(change).finally(() => setSaving(false));
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {table.name}
        </Title>
        <TextInput label="Masa adı" value={name} maxLength={FLOOR_LIMITS.tableName} onChange={(e) => setName(e.currentTarget.value)} {...fields.fieldProps('name')} />
        <NumberInput label="Kişi sayısı" value={seats} onChange={setSeats} min={1} max={FLOOR_LIMITS.seats} allowDecimal={false} {...fields.fieldProps('seats')} />
        <div>
          <Text size="sm" fw={500} mb={4} id="shape-label">
            Şekil
          </Text>
          <SegmentedControl
            aria-labelledby="shape-label"
            fullWidth
            value={shape}
            onChange={(v) => setShape(v as TableShape)}
            data={TABLE_SHAPES.map((s) => ({ value: s, label: TABLE_SHAPE_LABELS[s] }))}
          />
        </div>
        <Group grow>
          <NumberInput
            label={shape === 'rectangle' ? 'Genişlik' : 'Boyut'}
            value={width}
            onChange={setWidth}
            min={TABLE_SIZE.min}
            max={TABLE_SIZE.max}
            step={PLAN_GRID}
            allowDecimal={false}
            {...fields.fieldProps('width')}
          />
          {shape === 'rectangle' && (
            <NumberInput label="Yükseklik" value={height} onChange={setHeight} min={TABLE_SIZE.min} max={TABLE_SIZE.max} step={PLAN_GRID} allowDecimal={false} {...fields.fieldProps('height')} />
          )}
        </Group>
        <NumberInput label="Açı (derece)" value={rotation} onChange={setRotation} min={0} max={359} step={15} allowDecimal={false} {...fields.fieldProps('rotation')} />
        <Button type="submit" loading={saving}>
          Kaydet
        </Button>
        <Group grow>
          <Button variant="default" onClick={onDuplicate} loading={duplicating}>
            Çoğalt
          </Button>
          <Button variant="light" color="red" onClick={onDelete}>
            Masayı Sil
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SectionDialogs({ dialog, onClose, onDone }: { dialog: SectionDialog; onClose(): void; onDone(text: string, sectionId?: string): void }) {
  const create = useCreateSection();
  const rename = useRenameSection();
  const remove = useDeleteSection();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setName(dialog?.kind === 'rename' ? dialog.section.name : '');
    setError(null);
  }, [dialog]);
  const fail = (err: unknown) => setError(messageFor(err));

  const title = dialog?.kind === 'add' ? 'Bölüm Ekle' : dialog?.kind === 'rename' ? 'Bölümü Yeniden Adlandır' : 'Bölümü Sil';
  const busy = create.isPending || rename.isPending || remove.isPending;
  const submit = () => {
    if (!dialog) return;
    if (dialog.kind !== 'delete') {
      const checked = createSectionRequest.safeParse({ name });
      if (!checked.success) return setError(checked.error.issues[0].message);
    }
    if (dialog.kind === 'add')
      create.mutate(name, { onSuccess: (s) => (onDone(`${s.name} eklendi.`, s.id), onClose()), onError: fail });
    else if (dialog.kind === 'rename')
      rename.mutate(
        { id: dialog.section.id, version: dialog.section.version, name },
        { onSuccess: (s) => (onDone(`Bölüm adı ${s.name} oldu.`), onClose()), onError: fail },
      );
    else
      remove.mutate(
        { id: dialog.section.id, version: dialog.section.version },
        { onSuccess: () => (onDone(`${dialog.section.name} silindi.`), onClose()), onError: fail },
      );
  };

  return (
    <Modal opened={dialog !== null} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {dialog?.kind === 'delete' ? (
            <Text>
              {dialog.section.name} bölümü ve içindeki {dialog.section.tables.length} masa silinsin mi? Açık adisyonu olan bir masa varken bölüm silinemez.
            </Text>
          ) : (
            <TextInput label="Bölüm adı" value={name} maxLength={FLOOR_LIMITS.sectionName} onChange={(e) => setName(e.currentTarget.value)} data-autofocus placeholder="ör. Bahçe" />
          )}
          <FormActions error={error} isBusy={busy} onCancel={onClose} submitLabel={dialog?.kind === 'delete' ? 'Sil' : 'Kaydet'} color={dialog?.kind === 'delete' ? 'red' : undefined} />
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteTableDialog({ table, onClose, onDone }: { table: FloorTable | null; onClose(): void; onDone(t: FloorTable): void }) {
  const remove = useDeleteTable();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [table]);
  const title = useMemo(() => (table ? `${table.name} silinsin mi?` : ''), [table]);
  return (
    <Modal opened={table !== null} onClose={onClose} title={title} centered>
      {table && (
        <Stack>
          <Text>Masa kat planından kalkar. Açık adisyonu olan masa silinemez.</Text>
          <FormActions
            error={error}
            isBusy={remove.isPending}
            onCancel={onClose}
            submitLabel="Sil"
            color="red"
            onSubmit={() => remove.mutate({ id: table.id, version: table.version }, { onSuccess: () => (onDone(table), onClose()), onError: (e) => setError(messageFor(e)) })}
          />
        </Stack>
      )}
    </Modal>
  );
}
