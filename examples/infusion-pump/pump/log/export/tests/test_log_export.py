"""Tests of the event-log CSV export used by biomedical engineering."""

from pump.log.export import csv_export


class TestCsvExport:
    # @verifies REQ-019
    def test_writes_one_row_per_event(self, sample_log):
        rows = list(csv_export.rows(sample_log))
        assert len(rows) == len(sample_log.events) + 1  # header

    # @verifies REQ-019
    def test_header_has_serial_number(self, sample_log):
        header = next(csv_export.rows(sample_log))
        assert header[0] == f"serial={sample_log.serial}"
