module adesh2go

go 1.26
