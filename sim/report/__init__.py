"""Ways results leave the program: terminal tables now; HTML, CSV, Parquet and figures later,
each carrying its run's manifest."""
