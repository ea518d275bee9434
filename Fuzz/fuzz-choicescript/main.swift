import FuzzSupport

FuzzDriver.main(.choicescript)
