import { Button, Checkbox, Menu } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Menu.css';
import { IconColumns } from '../icons/table-icons';

export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  toggle: () => void;
}

/**
 * The "Columns" menu of a DataTable. Loaded when first asked for (data-table.tsx): the menu and its
 * positioning library are about 25 kB gzip that a list page does not need to show its rows.
 */
export default function ColumnsMenu({
  columns,
  texts,
}: {
  columns: ColumnChoice[];
  texts: { columns: string; showColumns: string; shown: string; hidden: string };
}) {
  return (
    <Menu closeOnItemClick={false} position="bottom-end" shadow="md" defaultOpened>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={16} />} className="foyer-touch-target">
          {texts.columns}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{texts.showColumns}</Menu.Label>
        {columns.map((column) => (
          // Mantine fixes the role to menuitem, so the state is said in words as well as shown.
          <Menu.Item
            key={column.id}
            data-visible={column.visible}
            leftSection={<Checkbox.Indicator checked={column.visible} size="xs" />}
            onClick={column.toggle}
          >
            {column.label}
            <span className="foyer-visually-hidden">{` (${column.visible ? texts.shown : texts.hidden})`}</span>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
